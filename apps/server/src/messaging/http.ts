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

const clip = (text: string) => (text.length > 500 ? `${text.slice(0, 497)}...` : text);

export const callProvider = async (request: ProviderRequest): Promise<ProviderResult> => {
  const timeoutMs = request.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      ok: false,
      status: 0,
      messageId: null,
      providerResponse: timedOut
        ? `No answer from the provider within ${timeoutMs / 1000} s`
        : `Could not reach the provider (${new URL(request.url).host})`,
    };
  }
  const raw = await response.text().catch(() => '');
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
