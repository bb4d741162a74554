/**
 * React keys for the cards of a list page, remembered from one call to the next: a permit still
 * on the page keeps its key (its card, and the focus or open menu in it), and a permit new to the
 * page takes the key of a card that left it, so React writes the new permit's text into that
 * card instead of making a card. A key typed in the filter replaces most of the ten cards, and
 * making them was most of the keystroke's cost (issue 13).
 */
export function recyclingKeys(): (ids: readonly string[]) => string[] {
  let last = new Map<string, number>();
  return (ids) => {
    const kept = new Set<number>();
    for (const id of ids) {
      const key = last.get(id);
      if (key !== undefined) kept.add(key);
    }
    // Enough numbers to go round, the ones that left first.
    const free = Array.from({ length: ids.length + kept.size }, (_, n) => n).filter((n) => !kept.has(n));
    const next = new Map<string, number>();
    let taken = 0;
    for (const id of ids) next.set(id, last.get(id) ?? free[taken++]!);
    last = next;
    return ids.map((id) => String(next.get(id)));
  };
}
