/**
 * A stand-in for `lib/socket.ts` in every test (see setup.ts): no network, and tests play the
 * server's part with `serverEmit(event, payload)`.
 */
type Handler = (payload: never) => void;

class Emitter {
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  fire(event: string, payload?: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      (handler as (value: unknown) => void)(payload);
    }
  }
  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
}

let socketCount = 0;

export class FakeSocket extends Emitter {
  active = true;
  connected = true;
  readonly io = new Emitter();
  readonly id = `fake-socket-${(socketCount += 1)}`;
  /** What the app sent to the server, in order (an acknowledgement callback left out). */
  readonly sent: { event: string; payload: unknown }[] = [];
  /** The server's answer to an event sent with an acknowledgement (event → answer). */
  readonly acks = new Map<string, unknown>();
  constructor(readonly token: string | null) {
    super();
  }
  emit(event: string, ...args: unknown[]) {
    const ack = args[args.length - 1];
    const withAck = typeof ack === 'function';
    const payloads = withAck ? args.slice(0, -1) : args;
    this.sent.push({ event, payload: payloads[0] });
    if (withAck && this.acks.has(event)) {
      const answer = this.acks.get(event);
      queueMicrotask(() => {
        (ack as (value: unknown) => void)(answer);
      });
    }
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
}

export const sockets: { current: FakeSocket | null; opened: (string | null)[]; closed: number } = {
  current: null,
  opened: [],
  closed: 0,
};

export const resetFakeSocket = (): void => {
  sockets.current = null;
  sockets.opened = [];
  sockets.closed = 0;
};

/** The server sends `event` to the open socket (throws when none is open). */
export const serverEmit = (event: string, payload?: unknown): void => {
  if (!sockets.current) throw new Error('no socket is open');
  sockets.current.fire(event, payload);
};

/** The same exports as `lib/socket.ts`. */
export const fakeSocketModule = {
  openSocket: (token: string | null) => {
    if (sockets.current && sockets.current.token === token) return sockets.current;
    fakeSocketModule.closeSocket();
    const socket = new FakeSocket(token);
    sockets.current = socket;
    sockets.opened.push(token);
    return socket;
  },
  closeSocket: () => {
    if (!sockets.current) return;
    sockets.current.disconnect();
    sockets.current = null;
    sockets.closed += 1;
  },
  currentSocket: () => sockets.current,
};
