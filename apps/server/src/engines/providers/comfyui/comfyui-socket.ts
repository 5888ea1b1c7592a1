import WebSocket from 'ws';

/** A JSON text frame of ComfyUI's socket (/ws?clientId=): `{type, data}`. */
export interface ComfyMessage {
  type: string;
  data: Record<string, unknown>;
}

/** How long the handshake may take before the run goes on without a socket (polling). */
const OPEN_TIMEOUT_MS = 10_000;

function parse(raw: WebSocket.RawData, isBinary: boolean): ComfyMessage | undefined {
  // Binary frames are previews (a 4-byte event type, then image bytes): never needed here.
  if (isBinary) return undefined;
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as Buffer).toString('utf8');
    const message = JSON.parse(text) as { type?: unknown; data?: unknown };
    if (typeof message?.type !== 'string') return undefined;
    const data = message.data && typeof message.data === 'object' ? (message.data as Record<string, unknown>) : {};
    return { type: message.type, data };
  } catch {
    return undefined; // not JSON: ignored like any other unknown frame
  }
}

/**
 * One run's socket to ComfyUI, `…/ws?clientId=<uuid>`, opened before the prompt is queued so no
 * progress is missed. Messages that arrive before the prompt id is known are kept and handed to
 * the listener when it is set.
 */
export class ComfySocket {
  private readonly kept: ComfyMessage[] = [];
  private onMessage?: (message: ComfyMessage) => void;
  private onClose?: () => void;
  private closed = false;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw, isBinary) => {
      const message = parse(raw, isBinary);
      if (!message) return;
      if (this.onMessage) this.onMessage(message);
      else this.kept.push(message);
    });
    ws.on('close', () => {
      this.closed = true;
      this.onClose?.();
    });
    // After the handshake an error is always followed by 'close'; without a listener it would throw.
    ws.on('error', () => {});
  }

  /**
   * Opens the socket, or answers undefined when it cannot be had (a proxy without WebSocket
   * support, a server that refuses it): the run then follows its prompt by polling.
   */
  static open(url: string, signal: AbortSignal, timeoutMs = OPEN_TIMEOUT_MS): Promise<ComfySocket | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const ws = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
      const settle = (socket: ComfySocket | undefined) => {
        signal.removeEventListener('abort', onAbort);
        ws.off('open', onOpen);
        ws.off('error', onError);
        resolve(socket);
      };
      const onOpen = () => settle(new ComfySocket(ws));
      const onError = () => {
        ws.terminate();
        settle(undefined);
      };
      const onAbort = () => onError();
      ws.on('open', onOpen);
      ws.on('error', onError);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Starts delivering messages (the kept ones first); `onClose` is called if the socket drops. */
  listen(onMessage: (message: ComfyMessage) => void, onClose: () => void): void {
    this.onMessage = onMessage;
    this.onClose = onClose;
    for (const message of this.kept.splice(0)) onMessage(message);
    if (this.closed) onClose();
  }

  close(): void {
    this.onMessage = undefined;
    this.onClose = undefined;
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close();
  }
}
