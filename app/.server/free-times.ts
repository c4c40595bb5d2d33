/**
 * Whether the free times may have changed in this process: a reservation or a cancellation bumps the generation,
 * and whatever keeps free times for a moment (the booking search's list) reads them again. Here, below the
 * features, because booking and appointments both change free times and neither should reach into the other.
 */
let generation = 0;

/** A reservation or a cancellation in this process. */
export function freeTimesChanged(): void {
  generation++;
}

export function freeTimesGeneration(): number {
  return generation;
}
