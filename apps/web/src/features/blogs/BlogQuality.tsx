import { blogQuality } from '@safarnama/contract';
import { QualityChecklist } from '../../components/ui/Quality';

export interface BlogQualityProps {
  title: string;
  /** Rich HTML as the editor holds it. */
  content: string;
  /** A saved cover or a newly chosen file. */
  hasCover: boolean;
}

/**
 * Issue 23: the contract's blog rules over the form as typed, the same the server stores on save;
 * links to this back-office are links to this page's own origin (the server's PUBLIC_URL).
 */
export const BlogQuality = ({ title, content, hasCover }: BlogQualityProps) => (
  <QualityChecklist
    issues={blogQuality({ title, content, hasCover, ownOrigins: [window.location.origin] })}
  />
);
