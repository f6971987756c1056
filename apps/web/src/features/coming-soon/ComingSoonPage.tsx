import { PageHeader } from '../../components/ui/PageHeader';
import { Card } from '../../components/ui/Card';

interface ComingSoonPageProps {
  title: string;
  description: string;
}

/** The honest stand-in of an admin page whose screen arrives with a later release. */
export const ComingSoonPage = ({ title, description }: ComingSoonPageProps) => (
  <>
    <PageHeader title={title} />
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-400/10 dark:text-teal-300"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-6">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z"
            clipRule="evenodd"
          />
        </svg>
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">
        Arrives with a later release
      </h2>
      <p className="mt-2 max-w-lg text-sm text-slate-600 dark:text-slate-400">{description}</p>
    </Card>
  </>
);
