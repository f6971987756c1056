/** Sample data of the Tasks placeholder screen (spec §2: sample items, no calls). */
export interface Task {
  id: number;
  text: string;
  isCompleted: boolean;
  /** ISO date (yyyy-mm-dd). */
  date: string;
}

export const SAMPLE_TASKS: Task[] = [
  { id: 1, text: 'Review the Goa monsoon itinerary', isCompleted: false, date: '2025-07-02' },
  { id: 2, text: 'Upload October photos for Jaipur', isCompleted: true, date: '2025-07-03' },
  { id: 3, text: 'Write a Travelpedia piece on Hampi', isCompleted: false, date: '2025-07-05' },
  { id: 4, text: 'Pick trending destinations for August', isCompleted: true, date: '2025-07-06' },
  { id: 5, text: 'Check prices of the Ladakh packages', isCompleted: false, date: '2025-07-08' },
];

/** Incomplete tasks first; each group keeps its original order. */
export const orderTasks = (tasks: Task[]): Task[] => [
  ...tasks.filter((task) => !task.isCompleted),
  ...tasks.filter((task) => task.isCompleted),
];

export const toggleTask = (tasks: Task[], id: number): Task[] =>
  tasks.map((task) => (task.id === id ? { ...task, isCompleted: !task.isCompleted } : task));
