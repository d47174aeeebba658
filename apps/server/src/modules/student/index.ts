/** The student module's front door: what other modules, app.ts and main.ts may use of it. */
export { authenticateStudent, linkUnit } from './student-auth';
export type { StudentContext } from './student-auth';
export { studentModule, studentOf } from './student.routes';
