import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import {
  SOCKET_EVENTS,
  type BrandingChangedEvent,
  type NotificationEvent,
  type Profile,
  type ServiceStatusEvent,
  type SessionRevokedEvent,
} from '@safarnama/contract';
import { hasPermission } from '../../features/auth/auth.api';
import { scheduledNotificationsChanged } from '../../features/marketing/marketing.tags';
import { receiveNotification } from '../../features/notifications/notifications.api';
import { serviceStatusChanged } from '../../features/system/serviceStatus.api';
import { closeSocket, openSocket } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { getToken } from '../../lib/token';
import { baseApi, handleUnauthorized, SESSION_EXPIRED_MESSAGE } from '../api';
import { brandingChanged } from '../branding';
import type { AppStore } from '../store';
import { attachPresence } from './presence';

/**
 * What the admin reads when the server ends this session (the event's `reason`); any other reason
 * (a sign-out elsewhere with the same session, an admin disabled) reads like an expired session.
 */
export const SESSION_REVOKED_MESSAGES: Record<string, string> = {
  'password-changed':
    'Your password was changed, so this session was signed out. Please sign in again.',
  'password-reset':
    'Your password was reset, so this session was signed out. Please sign in again.',
  'logout-others': 'This device was signed out from another session. Please sign in again.',
};

/**
 * A notification this session caused itself (it has shown the outcome already): same event as the
 * other sessions get, told apart by the profile's `sessionId`.
 */
const isOwnNotification = (event: NotificationEvent, sessionId: string | undefined) =>
  sessionId !== undefined && event.causedBySessionId === sessionId;

/** Who keeps working through maintenance (they are the ones who can turn it off). */
const MAINTENANCE_EXEMPT = 'settings.update';

/**
 * Keeps the realtime socket of the signed-in layout: opens it for this session (the token of a
 * tab session, or the HttpOnly cookie of a remembered one), closes it when the layout goes (sign
 * out, session over) and turns its events into app state:
 * - `notification`: the bell and the notification lists update, and a toast tells the news
 *   unless this session caused it (`causedBySessionId` = the profile's `sessionId`: a password
 *   change or two-factor switch here has toasted its own outcome already); one of type
 *   'marketing' (a scheduled send finished) also reloads the scheduled notifications;
 * - `session-revoked`: the token is cleared and the admin goes to /login with the reason;
 * - `permissions-changed`: the profile reloads, so menus and buttons follow;
 * - `service-status` {active: false}: /service-unavailable (except for admins who can end the
 *   maintenance, who see the layout's maintenance banner instead);
 * - `branding-changed`: the new product name, logo, currency symbol and time zone apply at once.
 */
export const RealtimeEvents = ({ profile }: { profile: Profile }) => {
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const isExempt = hasPermission(profile, MAINTENANCE_EXEMPT);
  // Read by the handler, so a permission change does not reconnect the socket.
  const isExemptRef = useRef(isExempt);
  useEffect(() => {
    isExemptRef.current = isExempt;
  }, [isExempt]);
  const adminId = profile._id;
  // This session's id (the profile answers it): its own notifications are not toasted again.
  const sessionIdRef = useRef(profile.sessionId);
  useEffect(() => {
    sessionIdRef.current = profile.sessionId;
  }, [profile.sessionId]);

  useEffect(() => {
    const socket = openSocket(getToken());
    const { dispatch, getState } = store;
    // Who else has which edit form open (issue 21): `presence` events and this tab's joins.
    const detachPresence = attachPresence(socket, adminId);

    const handleNotification = (event: NotificationEvent): void => {
      receiveNotification(dispatch, getState(), event);
      // A scheduled send finished: its list and the dashboard's card load the new state.
      if (event.notification.type === 'marketing') dispatch(scheduledNotificationsChanged());
      if (isOwnNotification(event, sessionIdRef.current)) return;
      const { title, message } = event.notification;
      showToast('info', message ? `${title}: ${message}` : title, {
        toastId: `notification-${event.notification._id}`,
      });
    };
    const handleSessionRevoked = (event: SessionRevokedEvent): void => {
      closeSocket();
      const message = SESSION_REVOKED_MESSAGES[event.reason] ?? SESSION_EXPIRED_MESSAGE;
      // The same way a 401 ends a session (one toast id, so a 401 racing the event adds none).
      handleUnauthorized(401, { endpoint: 'socket', dispatch, getState }, true, message);
    };
    const handlePermissionsChanged = (): void => {
      dispatch(baseApi.util.invalidateTags(['Profile']));
    };
    const handleServiceStatus = (event: ServiceStatusEvent): void => {
      // The maintenance banner of the admins who stay follows at once, then reads the new note.
      dispatch(serviceStatusChanged(event.active));
      if (!event.active && !isExemptRef.current)
        void navigate('/service-unavailable', { replace: true });
    };

    socket.on(SOCKET_EVENTS.notification, handleNotification);
    socket.on(SOCKET_EVENTS.sessionRevoked, handleSessionRevoked);
    const handleBrandingChanged = (event: Partial<BrandingChangedEvent> | undefined): void => {
      dispatch(brandingChanged(event?.branding));
    };

    socket.on(SOCKET_EVENTS.permissionsChanged, handlePermissionsChanged);
    socket.on(SOCKET_EVENTS.serviceStatus, handleServiceStatus);
    socket.on(SOCKET_EVENTS.brandingChanged, handleBrandingChanged);
    return () => {
      socket.off(SOCKET_EVENTS.notification, handleNotification);
      socket.off(SOCKET_EVENTS.sessionRevoked, handleSessionRevoked);
      socket.off(SOCKET_EVENTS.permissionsChanged, handlePermissionsChanged);
      socket.off(SOCKET_EVENTS.serviceStatus, handleServiceStatus);
      socket.off(SOCKET_EVENTS.brandingChanged, handleBrandingChanged);
      detachPresence();
      closeSocket();
    };
  }, [store, navigate, adminId]);

  return null;
};
