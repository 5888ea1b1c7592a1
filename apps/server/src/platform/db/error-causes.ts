type ErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** An error and the errors it wraps (`cause`), outermost first: drizzle wraps driver errors. */
export function* errorCauses(error: unknown): Generator<ErrorLike> {
  let e = error as ErrorLike | null | undefined;
  // A bounded walk: a cause chain that loops must not hang a request.
  for (let depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    yield e;
    e = e.cause as ErrorLike | null | undefined;
  }
}
