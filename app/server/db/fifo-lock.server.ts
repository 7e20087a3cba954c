import { DatabaseBusyError } from "#app/server/db/busy.server.ts";

/** This process's writers, in the order they asked; a waiter past its deadline leaves with DatabaseBusyError. */
export class FifoLock {
  #held = false;
  readonly #queue: Array<{ grant: () => void }> = [];

  get held(): boolean {
    return this.#held;
  }

  acquire(deadline: number, started: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          const index = this.#queue.indexOf(waiter);
          if (index !== -1) this.#queue.splice(index, 1);
          reject(new DatabaseBusyError(performance.now() - started));
        },
        Math.max(0, deadline - performance.now()),
      );
      this.#queue.push(waiter);
    });
  }

  release(): void {
    const next = this.#queue.shift();
    if (next) next.grant();
    else this.#held = false;
  }
}
