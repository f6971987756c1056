/**
 * One HTTPS call to a messaging provider with a time-out, read into a short, readable result
 * that is safe to show an admin (no credentials, at most 500 characters of the provider's body).
 */
export interface ProviderResult {
  ok: boolean;
  /** HTTP status, or 0 when the provider could not be reached. */
  status: number;
  /** The provider's message id when it gave one. */
  messageId: string | null;
  /** What the provider said, e.g. '201 queued (SM123)' or 'timed out after 10 s'. */
  providerResponse: string;
}

export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** Reads the provider's JSON: its id on success, its error text on failure. */
  read: (json: unknown, ok: boolean) => { messageId?: string | null; text: string };
}

const parseJson = (raw: string): unknown => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

/** At most `max` characters, '...' marking a cut. */
export const clip = (text: string, max = 500) =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

/**
 * One request with a time-out and no redirects (a provider never needs one; following it could
 * carry credentials elsewhere). No answer at all comes back as words for an admin, naming `who`.
 */
export const fetchWithTimeout = async (
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string | Buffer | null },
  timeoutMs: number,
  who: string,
): Promise<{ response: Response; text: string } | { unreachable: string }> => {
  try {
    const response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body ?? null,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    return { response, text: await response.text().catch(() => '') };
  } catch (err) {
    const timedOut =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      unreachable: timedOut
        ? `No answer from the ${who} within ${timeoutMs / 1000} s`
        : `Could not reach the ${who} (${new URL(url).host})`,
    };
  }
};

export const callProvider = async (request: ProviderRequest): Promise<ProviderResult> => {
  const answer = await fetchWithTimeout(
    request.url,
    { headers: request.headers, body: request.body },
    request.timeoutMs ?? PROVIDER_TIMEOUT_MS,
    'provider',
  );
  if ('unreachable' in answer) {
    return { ok: false, status: 0, messageId: null, providerResponse: answer.unreachable };
  }
  const { response, text: raw } = answer;
  const json = parseJson(raw);
  const read =
    json === null ? { text: raw || response.statusText } : request.read(json, response.ok);
  return {
    ok: response.ok,
    status: response.status,
    messageId: read.messageId ?? null,
    providerResponse: clip(`${response.status} ${read.text}`.trim()),
  };
};

/** Reads `obj.a.b` from unknown JSON as text, or undefined. */
export const pick = (value: unknown, ...path: (string | number)[]): string | undefined => {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return typeof current === 'string' || typeof current === 'number' ? String(current) : undefined;
};
