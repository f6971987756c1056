import { createSlice } from '@reduxjs/toolkit';
import { hasToken } from '../../lib/token';

/** The logged-in flag of spec §4: set by a successful login (or a profile answer), cleared on
 * sign-out and when the server answers 401. */
export interface AuthState {
  isLoggedIn: boolean;
}

export const initialAuthState = (): AuthState => ({ isLoggedIn: hasToken() });

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn: (state) => {
      state.isLoggedIn = true;
    },
    signedOut: (state) => {
      state.isLoggedIn = false;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.isLoggedIn,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectIsLoggedIn } = authSlice.selectors;
