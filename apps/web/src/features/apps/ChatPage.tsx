import { useNavigate, useParams } from 'react-router';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';

/** Static sample chats (spec §2 placeholder); unread ones carry a 'New' marker. */
const CHATS: { id: string; name: string; preview: string; time: string; isUnread: boolean }[] = [
  {
    id: '1',
    name: 'Aarav Mehta',
    preview: 'Updated the Kerala backwaters package.',
    time: '10:24',
    isUnread: true,
  },
  {
    id: '2',
    name: 'Priya Sharma',
    preview: 'New photos for Udaipur are ready.',
    time: '09:02',
    isUnread: true,
  },
  {
    id: '3',
    name: 'Content team',
    preview: 'Travelpedia schedule for next week.',
    time: 'Yesterday',
    isUnread: false,
  },
  {
    id: '4',
    name: 'Rohan Gupta',
    preview: 'Homepage picks look good to me.',
    time: 'Mon',
    isUnread: false,
  },
];

export const ChatPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  const selected = CHATS.find((chat) => chat.id === id) ?? null;

  const handleSelect = (chatId: string): void => {
    void navigate(`/chat/${chatId}`);
  };

  return (
    <>
      <PageHeader
        title="Chat"
        description="Sample conversations: messaging arrives with a later release."
      />
      <Card className="grid min-h-[28rem] overflow-hidden md:grid-cols-[18rem_1fr]">
        <ul
          aria-label="Chats"
          className="divide-y divide-slate-200 border-b border-slate-200 md:border-r md:border-b-0 dark:divide-slate-800 dark:border-slate-800"
        >
          {CHATS.map((chat) => {
            const isSelected = chat.id === selected?.id;
            return (
              <li key={chat.id}>
                <button
                  type="button"
                  onClick={() => handleSelect(chat.id)}
                  aria-current={isSelected ? 'true' : undefined}
                  className={`flex w-full items-start gap-3 px-4 py-3 text-left focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none focus-visible:ring-inset ${
                    isSelected
                      ? 'bg-teal-50 dark:bg-teal-400/10'
                      : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                  >
                    {chat.name
                      .split(' ')
                      .map((part) => part[0]?.toUpperCase())
                      .join('')
                      .slice(0, 2)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                        {chat.name}
                      </span>
                      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                        {chat.time}
                      </span>
                    </span>
                    <span className="mt-0.5 flex items-center gap-2">
                      <span className="truncate text-xs text-slate-500 dark:text-slate-400">
                        {chat.preview}
                      </span>
                      {chat.isUnread ? (
                        <span className="shrink-0 rounded-full bg-teal-700 px-1.5 py-0.5 text-[10px] font-semibold text-white dark:bg-teal-500 dark:text-slate-950">
                          New
                        </span>
                      ) : null}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <section aria-label="Messages" className="flex flex-col">
          <header className="border-b border-slate-200 px-5 py-3.5 dark:border-slate-800">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
              {selected ? selected.name : 'Select a chat'}
            </h2>
          </header>
          <div className="flex flex-1 items-center justify-center p-6 text-sm text-slate-500 dark:text-slate-400">
            Message history...
          </div>
        </section>
      </Card>
    </>
  );
};

export { ChatPage as Component };
