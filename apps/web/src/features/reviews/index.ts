/** Public surface of the reviews feature: the dashboard's published-units table reads this query. */
export { publishedUnitsQuery } from './api';
