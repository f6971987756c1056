import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';

/** Five static questions (spec §2 placeholder). */
const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'How do I add a new itinerary?',
    answer:
      'Open Services → Manage Itineraries and choose "Add New Itinerary". Fill in the details, the location and the daily plan, then save.',
  },
  {
    question: 'Who can see the pages in the sidebar?',
    answer:
      'Each page needs a permission of your role. Pages your role does not grant are hidden, and opening one directly shows "Access Denied".',
  },
  {
    question: 'What does "Remember me" do at sign-in?',
    answer:
      'It keeps you signed in on this browser after it closes. Without it, your session ends when you close the tab.',
  },
  {
    question: 'How do I switch between light and dark mode?',
    answer:
      'Use the Theme control in the header. "System" follows your operating system and changes with it.',
  },
  {
    question: 'How are homepage featured items chosen?',
    answer:
      'In Services → Homepage Settings you pick up to 6 trending places, 8 tour packages and 3 Travelpedia blogs.',
  },
];

export const FaqPage = () => (
  <>
    <PageHeader title="FAQ" description="Frequently asked questions about the back-office." />
    <Card className="divide-y divide-slate-200 dark:divide-slate-800">
      {QUESTIONS.map((item) => (
        <details
          key={item.question}
          className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-sm font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-100">
            {item.question}
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            >
              <path
                fillRule="evenodd"
                d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </summary>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{item.answer}</p>
        </details>
      ))}
    </Card>
  </>
);

export { FaqPage as Component };
