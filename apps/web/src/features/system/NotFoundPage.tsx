import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { StatusScreen } from '../../components/ui/StatusScreen';

export const NotFoundPage = () => {
  const navigate = useNavigate();
  const handleBackHome = (): void => {
    void navigate('/');
  };
  return (
    <StatusScreen
      code="404"
      title="Page Not Found"
      message="Sorry, we couldn't find the page you're looking for."
    >
      <Button size="lg" onClick={handleBackHome}>
        Back to Home
      </Button>
    </StatusScreen>
  );
};

export { NotFoundPage as Component };
