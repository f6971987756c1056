import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { API_PATHS, SOCKET_EVENTS, type ServiceStatusEvent } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { StatusScreen } from '../../components/ui/StatusScreen';
import { fetchServiceStatus } from '../../lib/serviceStatus';
import { closeSocket, openSocket } from '../../lib/socket';
import { getToken } from '../../lib/token';

/** How often the page asks the public service status while it is shown (the socket's fallback). */
export const SERVICE_STATUS_POLL_MS = 10_000;

/**
 * Shown when the API cannot be reached or is in maintenance (spec §2). It listens on the realtime
 * socket: `service-status` with `active: true` returns to /, and so does the socket reconnecting
 * after the server was unreachable (DESIGN §7). As a fallback (a socket the server closed, a
 * missed event) it asks the public service status every 10 s and returns to / once it answers
 * `active: true`; the maintenance note the settings admin wrote is shown under the spec's texts.
 * 'Try again' asks /api/ready and returns to / once it answers 200.
 */
export const ServiceUnavailablePage = () => {
  const navigate = useNavigate();
  const [isChecking, setIsChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const [note, setNote] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first answer only fetches the note: whoever sent the admin here saw the service fail a
    // moment ago, so an 'active' now (a database outage is not maintenance) must not bounce them
    // straight back and forth; from the next poll on, 'active' returns to /.
    const check = async (first: boolean): Promise<void> => {
      const status = await fetchServiceStatus(controller.signal);
      if (controller.signal.aborted) return;
      if (status?.active && !first) {
        void navigate('/', { replace: true });
        return;
      }
      setNote(status && !status.active ? status.message : '');
      timer = setTimeout(() => void check(false), SERVICE_STATUS_POLL_MS);
    };
    void check(true);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [navigate]);

  useEffect(() => {
    const socket = openSocket(getToken());
    const backHome = (): void => {
      void navigate('/', { replace: true });
    };
    const handleStatus = (event: ServiceStatusEvent): void => {
      if (event.active) backHome();
    };
    socket.on(SOCKET_EVENTS.serviceStatus, handleStatus);
    socket.io.on('reconnect', backHome);
    return () => {
      socket.off(SOCKET_EVENTS.serviceStatus, handleStatus);
      socket.io.off('reconnect', backHome);
      closeSocket();
    };
  }, [navigate]);

  const handleTryAgain = async (): Promise<void> => {
    setIsChecking(true);
    setStillDown(false);
    try {
      const response = await fetch(API_PATHS.ready, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (response.status === 200) {
        await navigate('/', { replace: true });
        return;
      }
    } catch {
      // Still unreachable.
    }
    setIsChecking(false);
    setStillDown(true);
  };

  return (
    <StatusScreen
      title="Service Unavailable"
      message="Our services are temporarily unavailable. Please try again later."
    >
      <div className="flex flex-col items-center gap-3">
        {note ? (
          <p className="max-w-md rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200">
            {note}
          </p>
        ) : null}
        <Button size="lg" loading={isChecking} onClick={() => void handleTryAgain()}>
          Try again
        </Button>
        <p role="status" className="min-h-5 text-sm text-slate-500 dark:text-slate-400">
          {stillDown ? 'The service is still unavailable.' : ''}
        </p>
      </div>
    </StatusScreen>
  );
};

export { ServiceUnavailablePage as Component };
