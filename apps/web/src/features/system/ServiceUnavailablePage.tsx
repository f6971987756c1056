import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { API_PATHS, SOCKET_EVENTS, type ServiceStatusEvent } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { StatusScreen } from '../../components/ui/StatusScreen';
import { closeSocket, openSocket } from '../../lib/socket';
import { getToken } from '../../lib/token';

/**
 * Shown when the API cannot be reached or is in maintenance (spec §2). It listens on the realtime
 * socket: `service-status` with `active: true` returns to /, and so does the socket reconnecting
 * after the server was unreachable (DESIGN §7). 'Try again' asks /api/ready as a fallback and
 * returns to / once it answers 200.
 */
export const ServiceUnavailablePage = () => {
  const navigate = useNavigate();
  const [isChecking, setIsChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

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
