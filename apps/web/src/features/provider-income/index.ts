/** Public surface of the provider-income feature: the dashboard page shows the provider's income panel. */
export { ProviderIncomeDashboard } from './components/income-dashboard';
