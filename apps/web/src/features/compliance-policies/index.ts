// What other parts of the app mount: the admin's policies tab of /compliance/.
export { PoliciesPanel } from './components/policies-panel';
