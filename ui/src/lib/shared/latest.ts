/**
 * A request that follows inputs which change quickly (a slider, a text field): it is sent once
 * the inputs have rested for `delay` ms, and only the answer to the latest request is handed
 * over — an older answer that arrives last is dropped, as is its error.
 *
 * Make one per kind of request and call it inside an `$effect`, returning what it returns:
 * the effect's next run then cancels a request not yet sent.
 */
export function latest<T>(delay: number) {
  let asked = 0;
  return (ask: () => Promise<T>, answered: (value: T) => void, failed: (error: unknown) => void): (() => void) => {
    const mine = ++asked;
    const timer = setTimeout(() => {
      ask().then(
        (value) => {
          if (mine === asked) answered(value);
        },
        (error: unknown) => {
          if (mine === asked) failed(error);
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  };
}
