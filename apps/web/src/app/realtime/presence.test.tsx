import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import {
  API_PATHS,
  PRESENCE,
  PRESENCE_EVENTS,
  PRESENCE_TEXTS,
  type PresenceEvent,
  type PresenceSyncAnswer,
} from '@safarnama/contract';
import { FakeSocket, serverEmit, sockets } from '../../test/fakeSocket';
import { openPage } from '../../test/app';
import { okResponse, stubObjectUrls, stubSignedIn } from '../../test/utils';
import { listAnswer, makeItinerary } from '../../features/itineraries/test-data';
import { EditingBadge, EditingNote } from './EditingNote';
import { LazyEditingNote } from './LazyEditingNote';
import { attachPresence, receivePresence, resetPresence } from './presence';

const ME = 'admin-me';
const priya = { _id: 'admin-priya', name: 'Priya Shah' };
const arjun = { _id: 'admin-arjun', name: 'Arjun Rao' };
const meera = { _id: 'admin-meera', name: 'Meera Iyer' };

const event = (
  admin: { _id: string; name: string },
  socket: string,
  editing = true,
  id = 'it-1',
): PresenceEvent => ({ entity: 'itinerary', id, admin, socket, editing });

const joinsOf = (socket: FakeSocket, event: string) =>
  socket.sent.filter((sent) => sent.event === event).map((sent) => sent.payload);

/** A socket of the layout, with the presence store fed by it. */
const attached = (answer?: PresenceSyncAnswer) => {
  const socket = new FakeSocket('token');
  if (answer) socket.acks.set(PRESENCE_EVENTS.sync, answer);
  const detach = attachPresence(socket as unknown as Socket, ME);
  return { socket, detach };
};

const Row = ({ id = 'it-1' }: { id?: string }) => (
  <div data-testid={`row-${id}`}>
    <EditingBadge entity="itinerary" id={id} />
  </div>
);

afterEach(() => {
  resetPresence();
  vi.useRealTimers();
});

describe('presence store and hook', () => {
  it('an edit form joins on open and leaves on close; a create form says nothing', () => {
    const { socket } = attached();
    const form = render(<EditingNote entity="itinerary" id="it-1" />);
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toEqual([{ entity: 'itinerary', id: 'it-1' }]);
    form.unmount();
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toEqual([{ entity: 'itinerary', id: 'it-1' }]);

    const create = render(<EditingNote entity="itinerary" id={null} />);
    create.unmount();
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toHaveLength(1);
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toHaveLength(1);
  });

  it('the lazy note (Homepage Settings) holds and shows the same once its chunk is in', async () => {
    const { socket } = attached();
    render(<LazyEditingNote entity="homepage-settings" id="1" />);
    await waitFor(() => {
      expect(joinsOf(socket, PRESENCE_EVENTS.join)).toEqual([
        { entity: 'homepage-settings', id: '1' },
      ]);
    });
    act(() => {
      receivePresence({ ...event(priya, 's-priya'), entity: 'homepage-settings', id: '1' });
    });
    expect(screen.getByText('Priya Shah is editing')).toBeVisible();
  });

  it('two holders of one record in the tab join once and leave when the last one closes', () => {
    const { socket } = attached();
    const first = render(<EditingNote entity="image-library" id="lib-1" />);
    const second = render(<EditingNote entity="image-library" id="lib-1" />);
    first.unmount();
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toHaveLength(1);
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toHaveLength(0);
    second.unmount();
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toHaveLength(1);
  });

  it('a form open before the socket joins once it connects, and again after a reconnect', () => {
    render(<EditingNote entity="blog" id="b-1" />);
    const { socket } = attached();
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toEqual([{ entity: 'blog', id: 'b-1' }]);
    socket.connected = false;
    socket.fire('disconnect');
    socket.connected = true;
    socket.fire('connect');
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toHaveLength(2);
    // Every connect asks who is editing.
    expect(joinsOf(socket, PRESENCE_EVENTS.sync)).toHaveLength(2);
  });

  it('sends nothing while disconnected (no stale join buffered for later)', () => {
    const { socket } = attached();
    socket.connected = false;
    const form = render(<EditingNote entity="itinerary" id="it-9" />);
    form.unmount();
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toEqual([]);
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toEqual([]);
  });

  it('repeats the join every heartbeat while the form stays open', () => {
    vi.useFakeTimers();
    const { socket } = attached();
    const form = render(<EditingNote entity="itinerary" id="it-1" />);
    act(() => {
      vi.advanceTimersByTime(PRESENCE.heartbeatMs * 2 + 10);
    });
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toHaveLength(3);
    form.unmount();
    act(() => {
      vi.advanceTimersByTime(PRESENCE.heartbeatMs * 2);
    });
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toHaveLength(3);
  });
});

describe('what the note and the badge say', () => {
  beforeEach(() => {
    attached();
  });

  it('one name, two names, then how many', () => {
    render(
      <>
        <EditingNote entity="itinerary" id="it-1" />
        <Row />
      </>,
    );
    act(() => {
      receivePresence(event(priya, 's-priya'));
    });
    expect(screen.getAllByText('Priya Shah is editing')).toHaveLength(2);
    act(() => {
      receivePresence(event(arjun, 's-arjun'));
    });
    expect(screen.getAllByText('Priya Shah and Arjun Rao are editing')).toHaveLength(2);
    act(() => {
      receivePresence(event(meera, 's-meera'));
    });
    expect(screen.getAllByText('3 people are editing')).toHaveLength(2);
    // One admin in two tabs is one person.
    act(() => {
      receivePresence(event(priya, 's-priya-2'));
    });
    expect(screen.getAllByText('3 people are editing')).toHaveLength(2);
  });

  it('editing:false removes that socket only; another record is not affected', () => {
    render(
      <>
        <Row />
        <Row id="it-2" />
      </>,
    );
    act(() => {
      receivePresence(event(priya, 's-priya'));
      receivePresence(event(priya, 's-priya-tab2'));
      receivePresence(event(arjun, 's-arjun', true, 'it-2'));
    });
    act(() => {
      receivePresence(event(priya, 's-priya', false));
    });
    expect(within(screen.getByTestId('row-it-1')).getByText('Priya Shah is editing')).toBeVisible();
    act(() => {
      receivePresence(event(priya, 's-priya-tab2', false));
    });
    expect(within(screen.getByTestId('row-it-1')).queryByText(/editing/)).toBeNull();
    expect(within(screen.getByTestId('row-it-2')).getByText('Arjun Rao is editing')).toBeVisible();
  });

  it("this admin's other tab: the form says so, the row badge does not", () => {
    render(
      <>
        <EditingNote entity="itinerary" id="it-1" />
        <Row />
      </>,
    );
    act(() => {
      receivePresence(event({ _id: ME, name: 'Me' }, 's-my-other-tab'));
    });
    expect(screen.getByText(PRESENCE_TEXTS.otherTab)).toBeVisible();
    expect(within(screen.getByTestId('row-it-1')).queryByText(/editing/)).toBeNull();
    // Another admin comes: names win.
    act(() => {
      receivePresence(event(priya, 's-priya'));
    });
    expect(screen.getAllByText('Priya Shah is editing')).toHaveLength(2);
    expect(screen.queryByText(PRESENCE_TEXTS.otherTab)).toBeNull();
  });

  it("this tab's own socket is never listed (an echo of its own join)", () => {
    resetPresence();
    const { socket } = attached();
    render(<EditingNote entity="itinerary" id="it-1" />);
    act(() => {
      receivePresence(event({ _id: ME, name: 'Me' }, socket.id));
    });
    expect(screen.queryByText(/editing/)).toBeNull();
  });

  it('ignores malformed events', () => {
    render(<Row />);
    act(() => {
      receivePresence({ entity: 'itinerary', id: 'it-1', editing: true } as PresenceEvent);
      receivePresence(null as unknown as PresenceEvent);
    });
    expect(screen.queryByText(/editing/)).toBeNull();
  });

  it('an entry not refreshed for the expiry time disappears; a refreshed one stays', () => {
    vi.useFakeTimers();
    render(
      <>
        <Row />
        <Row id="it-2" />
      </>,
    );
    act(() => {
      receivePresence(event(priya, 's-priya'));
      receivePresence(event(arjun, 's-arjun', true, 'it-2'));
    });
    for (let at = 0; at < PRESENCE.expireMs + 6_000; at += PRESENCE.heartbeatMs / 2) {
      act(() => {
        vi.advanceTimersByTime(PRESENCE.heartbeatMs / 2);
        // Arjun's tab keeps saying it is open; Priya's process died.
        receivePresence(event(arjun, 's-arjun', true, 'it-2'));
      });
    }
    expect(within(screen.getByTestId('row-it-1')).queryByText(/editing/)).toBeNull();
    expect(within(screen.getByTestId('row-it-2')).getByText('Arjun Rao is editing')).toBeVisible();
  });
});

describe('sync', () => {
  it("the server's answer on connect replaces what was known", async () => {
    render(<Row />);
    act(() => {
      receivePresence(event(arjun, 's-gone'));
    });
    attached({ editors: [{ entity: 'itinerary', id: 'it-1', admin: priya, socket: 's-priya' }] });
    expect(await screen.findByText('Priya Shah is editing')).toBeVisible();
    expect(screen.queryByText(/Arjun/)).toBeNull();
  });

  it('a sign-out (detach) forgets everyone', () => {
    const { detach } = attached();
    render(<Row />);
    act(() => {
      receivePresence(event(priya, 's-priya'));
    });
    act(() => {
      detach();
    });
    expect(screen.queryByText(/editing/)).toBeNull();
  });
});

describe('on the itineraries page (the layout socket)', { timeout: 20_000 }, () => {
  const goa = makeItinerary(1, { title: 'Goa Beach Escape' });

  it('the row shows who edits it; opening Edit joins and closing leaves', async () => {
    stubObjectUrls();
    stubSignedIn({ _id: ME, permissions: ['itineraries.view', 'itineraries.update'] }, (call) =>
      call.url === API_PATHS.service.listItineraries ? okResponse(listAnswer([goa])) : undefined,
    );
    const { user } = await openPage('/services/itineraries', {
      name: 'Itinerary Management',
      level: 1,
    });
    const row = (await screen.findByText('Goa Beach Escape')).closest('tr');
    if (!row) throw new Error('no row');
    act(() => {
      serverEmit(PRESENCE_EVENTS.changed, { ...event(priya, 's-priya'), id: goa._id });
    });
    expect(within(row).getByText('Priya Shah is editing')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Edit Goa Beach Escape' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Itinerary' });
    expect(within(dialog).getByText('Priya Shah is editing')).toBeVisible();
    const socket = sockets.current;
    if (!socket) throw new Error('no socket');
    expect(joinsOf(socket, PRESENCE_EVENTS.join)).toEqual([{ entity: 'itinerary', id: goa._id }]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(joinsOf(socket, PRESENCE_EVENTS.leave)).toEqual([{ entity: 'itinerary', id: goa._id }]);
  });
});
