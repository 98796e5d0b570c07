import type { Role } from '@vigil/contracts';
import type { DemoOfficeName } from './demo-profiles.ts';

/** A person the README names, so every role and flag can be tried by signing in as them. */
export type WellKnownSeat = 'superadmin' | 'admin' | 'manager' | 'departmentAdmin' | 'directManager' | 'endUser';

export type DemoCompany = {
  slug: string;
  name: string;
  domain: string;
  color: string;
  headcount: number;
  departments: string[];
  hasPaidAccess: boolean;
  /** Shows the shell in every state: one company still onboarding, one testing, the rest live. */
  onboarding: 'not-started' | 'onboarded' | 'bra-completed';
  /** Its offices with their share of the people; the first is the head office, whose time zone the company has. */
  offices: [DemoOfficeName, number][];
  seats: Record<WellKnownSeat, { firstName: string; lastName: string }>;
};

export const demoManagedService = {
  slug: 'vigil-demo-msp',
  name: 'Vigil Demo Managed Services',
  domain: 'vigil.example',
  color: '#1d3f8f',
  operator: { firstName: 'Dana', lastName: 'Whitfield', email: 'demo@vigil.example', role: 'Superadmin' as Role },
  analysts: [
    { firstName: 'Ravi', lastName: 'Chandran', role: 'Admin' as Role },
    { firstName: 'Leah', lastName: 'Okafor', role: 'User' as Role },
  ],
};

export const demoCompanies: DemoCompany[] = [
  {
    slug: 'northwind-logistics',
    name: 'Northwind Logistics',
    domain: 'northwind-logistics.example',
    color: '#0f766e',
    headcount: 312,
    departments: ['Operations', 'Fleet Management', 'Warehousing', 'Finance', 'Human Resources', 'IT', 'Sales', 'Customer Service'],
    hasPaidAccess: true,
    onboarding: 'bra-completed',
    offices: [['chicago', 40], ['newYork', 25], ['losAngeles', 20], ['london', 15]],
    seats: {
      superadmin: { firstName: 'Amelia', lastName: 'Hart' },
      admin: { firstName: 'Marcus', lastName: 'Bell' },
      manager: { firstName: 'Priya', lastName: 'Raman' },
      departmentAdmin: { firstName: 'Tomás', lastName: 'Alvarez' },
      directManager: { firstName: 'Grace', lastName: 'Lindqvist' },
      endUser: { firstName: 'Owen', lastName: 'Fletcher' },
    },
  },
  {
    slug: 'bluefin-health',
    name: 'Bluefin Health',
    domain: 'bluefin-health.example',
    color: '#1565c0',
    headcount: 184,
    departments: ['Clinical Services', 'Nursing', 'Pharmacy', 'Patient Records', 'Finance', 'IT', 'Human Resources'],
    hasPaidAccess: true,
    onboarding: 'bra-completed',
    offices: [['boston', 55], ['miami', 25], ['phoenix', 20]],
    seats: {
      superadmin: { firstName: 'Helen', lastName: 'Moriarty' },
      admin: { firstName: 'Daniel', lastName: 'Osei' },
      manager: { firstName: 'Sofia', lastName: 'Bianchi' },
      departmentAdmin: { firstName: 'Kenji', lastName: 'Watanabe' },
      directManager: { firstName: 'Rachel', lastName: 'Adeyemi' },
      endUser: { firstName: 'Lucas', lastName: 'Brennan' },
    },
  },
  {
    slug: 'crestline-financial',
    name: 'Crestline Financial',
    domain: 'crestline-financial.example',
    color: '#6d28d9',
    headcount: 247,
    departments: ['Retail Banking', 'Wealth Management', 'Risk & Compliance', 'Finance', 'IT', 'Legal', 'Human Resources', 'Marketing'],
    hasPaidAccess: true,
    onboarding: 'onboarded',
    offices: [['london', 50], ['dublin', 20], ['newYork', 15], ['mumbai', 15]],
    seats: {
      superadmin: { firstName: 'Victoria', lastName: 'Sterling' },
      admin: { firstName: 'Ahmed', lastName: 'Karimi' },
      manager: { firstName: 'Nora', lastName: 'Fitzgerald' },
      departmentAdmin: { firstName: 'Ben', lastName: 'Goldstein' },
      directManager: { firstName: 'Chloe', lastName: 'Dubois' },
      endUser: { firstName: 'Ethan', lastName: 'Marsh' },
    },
  },
  {
    slug: 'harbor-pike-legal',
    name: 'Harbor & Pike Legal',
    domain: 'harborpike.example',
    color: '#9a3412',
    headcount: 163,
    departments: ['Litigation', 'Corporate Law', 'Paralegal Services', 'Finance', 'IT', 'Client Relations'],
    hasPaidAccess: false,
    onboarding: 'not-started',
    offices: [['newYork', 60], ['toronto', 20], ['montreal', 20]],
    seats: {
      superadmin: { firstName: 'Margaret', lastName: 'Pike' },
      admin: { firstName: 'Julian', lastName: 'Harbor' },
      manager: { firstName: 'Isabel', lastName: 'Cortez' },
      departmentAdmin: { firstName: 'Samuel', lastName: 'Nkemelu' },
      directManager: { firstName: 'Fiona', lastName: 'MacLeod' },
      endUser: { firstName: 'Noah', lastName: 'Whitaker' },
    },
  },
  {
    slug: 'verdant-energy',
    name: 'Verdant Energy',
    domain: 'verdant-energy.example',
    color: '#15803d',
    headcount: 398,
    departments: ['Generation', 'Grid Operations', 'Engineering', 'Field Services', 'Finance', 'IT', 'Human Resources', 'Procurement', 'Safety'],
    hasPaidAccess: true,
    onboarding: 'bra-completed',
    offices: [['berlin', 35], ['paris', 20], ['madrid', 20], ['lisbon', 15], ['milan', 10]],
    seats: {
      superadmin: { firstName: 'Claire', lastName: 'Donnelly' },
      admin: { firstName: 'Mateo', lastName: 'Ruiz' },
      manager: { firstName: 'Hannah', lastName: 'Schmidt' },
      departmentAdmin: { firstName: 'Yusuf', lastName: 'Demir' },
      directManager: { firstName: 'Olivia', lastName: 'Grant' },
      endUser: { firstName: 'Liam', lastName: "O'Connor" },
    },
  },
  {
    slug: 'quillon-software',
    name: 'Quillon Software',
    domain: 'quillon.example',
    color: '#be185d',
    headcount: 221,
    departments: ['Engineering', 'Product', 'Design', 'Customer Success', 'Sales', 'Finance', 'People Operations'],
    hasPaidAccess: true,
    onboarding: 'bra-completed',
    offices: [['sanFrancisco', 45], ['bengaluru', 35], ['saoPaulo', 20]],
    seats: {
      superadmin: { firstName: 'Aisha', lastName: 'Bello' },
      admin: { firstName: 'Connor', lastName: 'Walsh' },
      manager: { firstName: 'Mei', lastName: 'Lin' },
      departmentAdmin: { firstName: 'Pedro', lastName: 'Santos' },
      directManager: { firstName: 'Elena', lastName: 'Petrova' },
      endUser: { firstName: 'Jack', lastName: 'Thornton' },
    },
  },
];

/** first.last@domain, lower-case, letters only. */
export const demoEmail = (firstName: string, lastName: string, domain: string) =>
  `${[firstName, lastName]
    .map((part) =>
      part
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase(),
    )
    .join('.')}@${domain}`;
