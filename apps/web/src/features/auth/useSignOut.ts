import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { baseApi } from '../../app/api';
import { useAppDispatch } from '../../app/store';
import { closeSocket } from '../../lib/socket';
import { clearToken } from '../../lib/token';
import { useLogoutMutation } from './auth.api';
import { signedOut } from './auth.slice';

/**
 * Signs out: asks the server to revoke the session (and clear the cookie), then clears the token
 * and the state and goes to /login — even when the call fails, so nobody is stuck signed in here.
 */
export const useSignOut = () => {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setIsSigningOut(true);
    // Closed first: the server's `session-revoked` for this very sign-out would only alarm.
    closeSocket();
    try {
      await logout(undefined).unwrap();
    } catch {
      // Signed out locally all the same.
    }
    clearToken();
    dispatch(signedOut());
    await navigate('/login', { replace: true });
    dispatch(baseApi.util.resetApiState());
  }, [logout, dispatch, navigate]);

  return { signOut, isSigningOut };
};
