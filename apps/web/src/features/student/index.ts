/** Public surface of the student viewer: its root, rendered by its own entry (src/student-main.tsx). */
export { StudentViewer } from './viewer';
