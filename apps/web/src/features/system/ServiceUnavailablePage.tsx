import { useState } from 'react';
import { useNavigate } from 'react-router';
import { API_PATHS } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { StatusScreen } from '../../components/ui/StatusScreen';

/**
 * Shown when the API cannot be reached or is in maintenance. 'Try again' asks /api/ready and
 * returns to / once it answers 200. (The realtime service-status event comes with the settings
 * release.)
 */
export const ServiceUnavailablePage = () => {
  const navigate = useNavigate();
  const [isChecking, setIsChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

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
