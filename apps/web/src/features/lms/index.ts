/** Public surface of the LMS feature: the request for LMS access (settings). */
export { requestLmsAccess } from './api';
