/** One server-sent event: its `event:` name ('message' when none) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream format from chunks as they arrive, which may split a line or an
 * event anywhere. Comment lines (the server's heartbeats) and `id:`/`retry:` fields are skipped:
 * the client keeps its own reconnection policy and pulls from its checkpoint after reconnecting.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** The events completed by this chunk. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    let end: number;
    while ((end = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, end);
      const newline = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
      if (newline === 1 && this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(end + newline);
      const dispatched = this.line(line);
      if (dispatched) events.push(dispatched);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const event = this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}
