// The `ipp` package ships no types: the little of it that OpenPermit calls.
declare module 'ipp' {
  interface IppResponse {
    statusCode: string;
    'printer-attributes-tag'?: Record<string, unknown>;
    'job-attributes-tag'?: Record<string, unknown>;
    'operation-attributes-tag'?: Record<string, unknown>;
  }
  interface IppPrinter {
    execute(operation: string, message: Record<string, unknown> | null, callback: (error: Error | null, response: IppResponse) => void): void;
  }
  const ipp: { Printer(url: string | object, options?: { uri?: string }): IppPrinter };
  export default ipp;
}
