import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button';
import { StatusScreen } from '../components/ui/StatusScreen';

const handleRetry = (): void => {
  window.location.reload();
};

/** errorElement of the routes: a chunk that failed or timed out, or a render error. */
export const RouteErrorScreen = ({ fullScreen = true }: { fullScreen?: boolean }) => {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusScreen
      fullScreen={fullScreen}
      title="This page failed to load."
      message="Check your connection, then try again."
    >
      <Button onClick={handleRetry}>Retry</Button>
    </StatusScreen>
  );
};

export const InlineRouteErrorScreen = () => <RouteErrorScreen fullScreen={false} />;
