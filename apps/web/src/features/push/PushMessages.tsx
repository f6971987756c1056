import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ToastContentProps } from 'react-toastify';
import type { PushPayload } from '@safarnama/contract';
import { useAppDispatch, type AppDispatch } from '../../app/store';
import { loadToastify } from '../../lib/toast';
import { registerPush } from './registerPush';

/** Where a click on a push message goes: an in-app path (router) or another site's https page. */
export type PushClickTarget = { kind: 'path'; path: string } | { kind: 'external'; url: string };

export const pushClickTarget = (
  clickAction: string | undefined,
  origin: string = window.location.origin,
): PushClickTarget => {
  if (clickAction) {
    try {
      const url = new URL(clickAction, origin);
      if (url.origin === origin) {
        return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` };
      }
      if (url.protocol === 'https:') return { kind: 'external', url: url.href };
    } catch {
      // Not a URL: the root page.
    }
  }
  return { kind: 'path', path: '/' };
};

/** What the service worker posts to a focused or visible window: `{type: 'push', payload}`. */
const payloadOf = (data: unknown): PushPayload | null => {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; payload?: unknown };
  if (message.type !== 'push' || typeof message.payload !== 'object' || !message.payload) {
    return null;
  }
  const payload = message.payload as Partial<Record<keyof PushPayload, unknown>>;
  if (typeof payload.title !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    title: payload.title,
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: text(payload.icon),
    clickAction: text(payload.clickAction),
  };
};

const PushToastIcon = ({ src }: { src: string }) => {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailed(true)}
      className="size-10 shrink-0 rounded-md object-cover"
    />
  );
};

interface PushToastProps extends Partial<ToastContentProps> {
  payload: PushPayload;
  onOpen: () => void;
}

/** The foreground message (spec §9): icon, title and body; clicking it opens the click action. */
export const PushToast = ({ payload, onOpen, closeToast }: PushToastProps) => (
  <button
    type="button"
    onClick={() => {
      closeToast?.();
      onOpen();
    }}
    className="flex w-full cursor-pointer items-start gap-3 text-left"
  >
    <PushToastIcon src={payload.icon ?? '/favicon.svg'} />
    <span className="min-w-0">
      <span className="block font-semibold break-words text-slate-900 dark:text-white">
        {payload.title}
      </span>
      {payload.body ? (
        <span className="mt-0.5 block text-sm break-words text-slate-600 dark:text-slate-300">
          {payload.body}
        </span>
      ) : null}
    </span>
  </button>
);

/** One registration at a time per admin (StrictMode runs effects twice in development). */
let running: { adminId: string; promise: Promise<unknown> } | null = null;
const registerOnce = (dispatch: AppDispatch, adminId: string): void => {
  if (running?.adminId === adminId) return;
  const promise = registerPush(dispatch, adminId).finally(() => {
    if (running?.promise === promise) running = null;
  });
  running = { adminId, promise };
};

/**
 * Web push in the signed-in layout: registers this browser for the admin (once per admin and
 * mount; see `registerPush`) and shows the messages the service worker hands to this window while
 * it is in the foreground as toasts.
 */
export const PushMessages = ({ adminId }: { adminId: string }) => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    registerOnce(dispatch, adminId);
  }, [dispatch, adminId]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const container = navigator.serviceWorker;
    const handleOpen = (clickAction: string | undefined): void => {
      const target = pushClickTarget(clickAction);
      if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
      else void navigate(target.path);
    };
    const handleMessage = (event: MessageEvent): void => {
      const payload = payloadOf(event.data);
      if (!payload) return;
      void loadToastify().then(({ toast }) => {
        toast.info(
          (props: ToastContentProps) => (
            <PushToast
              {...props}
              payload={payload}
              onOpen={() => handleOpen(payload.clickAction)}
            />
          ),
          { icon: false, closeOnClick: false },
        );
      });
    };
    container.addEventListener('message', handleMessage);
    return () => container.removeEventListener('message', handleMessage);
  }, [navigate]);

  return null;
};
