/**
 * The `capacity` least of the numbers offered, in a bounded max-heap whose root is the greatest
 * kept: one pass over many numbers, most of them turned away by one comparison with the root.
 * The aisles use it for the brands a facet can list, a relevance page's catalog ranks and each
 * lexeme's best postings.
 */
export class LeastKept {
  private readonly heap: Float64Array;
  private count = 0;

  constructor(readonly capacity: number) {
    this.heap = new Float64Array(capacity);
  }

  /** How many numbers are kept. */
  get size(): number {
    return this.count;
  }

  /** The greatest number kept (undefined while none is). */
  get greatest(): number | undefined {
    return this.count === 0 ? undefined : this.heap[0];
  }

  offer(value: number): void {
    const heap = this.heap;
    if (this.count < this.capacity) {
      // Rise to its place.
      let child = this.count++;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if ((heap[parent] as number) >= value) break;
        heap[child] = heap[parent] as number;
        child = parent;
      }
      heap[child] = value;
      return;
    }
    if (this.count === 0 || value >= (heap[0] as number)) return;
    // In place of the root, then down to its place.
    const size = this.count;
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && (heap[right] as number) > (heap[left] as number) ? right : left;
      if ((heap[child] as number) <= value) break;
      heap[parent] = heap[child] as number;
      parent = child;
    }
    heap[parent] = value;
  }

  /** The numbers kept, least first. */
  sorted(): Float64Array {
    return this.heap.slice(0, this.count).sort();
  }
}
