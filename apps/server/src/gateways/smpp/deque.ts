/**
 * A FIFO queue with O(1) push, shift and unshift (Array#shift is O(n), which matters for
 * 100,000 queued parts).
 */
export function createDeque<T>() {
  let items: (T | undefined)[] = [];
  let head = 0;
  return {
    get length(): number {
      return items.length - head;
    },
    push(item: T): void {
      items.push(item);
    },
    shift(): T | undefined {
      if (head >= items.length) return undefined;
      const item = items[head];
      items[head++] = undefined;
      // Drop the consumed front once it outweighs the rest.
      if (head > 1024 && head * 2 > items.length) {
        items = items.slice(head);
        head = 0;
      }
      return item;
    },
    unshift(item: T): void {
      if (head > 0) items[--head] = item;
      else items.unshift(item);
    },
  };
}
