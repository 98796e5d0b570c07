import type { Faker } from '@faker-js/faker';
import type { PersonLanguage } from '@vigil/contracts';

// What makes the demo people look like a real workforce to the phishing engine: job titles by
// department, offices in several time zones and countries (phones in each country's format) and
// the languages people there read.

/** Titles in a department, by level: its head, its team leads, everyone else. */
type DepartmentTitles = { head: string; lead: string; staff: string[] };

const titles = (head: string, lead: string, ...staff: string[]): DepartmentTitles => ({ head, lead, staff });

const departmentTitles: Record<string, DepartmentTitles> = {
  Operations: titles('VP of Operations', 'Operations Supervisor', 'Operations Analyst', 'Operations Coordinator', 'Dispatcher', 'Logistics Planner'),
  'Fleet Management': titles('Director of Fleet Management', 'Fleet Supervisor', 'Fleet Coordinator', 'Driver Scheduler', 'Maintenance Planner', 'Fleet Analyst'),
  Warehousing: titles('Head of Warehousing', 'Warehouse Shift Lead', 'Inventory Controller', 'Warehouse Associate', 'Forklift Operator', 'Receiving Clerk'),
  Finance: titles('Chief Financial Officer', 'Finance Manager', 'Accountant', 'Accounts Payable Specialist', 'Financial Analyst', 'Payroll Specialist'),
  'Human Resources': titles('HR Director', 'HR Business Partner', 'HR Generalist', 'Recruiter', 'Benefits Administrator', 'HR Coordinator'),
  'People Operations': titles('VP of People', 'People Partner', 'Talent Acquisition Specialist', 'People Operations Coordinator', 'Learning Specialist'),
  IT: titles('Head of IT', 'IT Team Lead', 'Systems Administrator', 'Service Desk Analyst', 'Network Engineer', 'Security Analyst'),
  Sales: titles('VP of Sales', 'Sales Team Lead', 'Account Executive', 'Sales Development Representative', 'Account Manager', 'Sales Operations Analyst'),
  'Customer Service': titles('Head of Customer Service', 'Customer Service Team Lead', 'Customer Service Representative', 'Support Specialist', 'Claims Coordinator'),
  'Clinical Services': titles('Chief Medical Officer', 'Clinical Lead', 'Physician', 'Physician Assistant', 'Medical Technologist', 'Clinical Coordinator'),
  Nursing: titles('Director of Nursing', 'Charge Nurse', 'Registered Nurse', 'Nurse Practitioner', 'Licensed Practical Nurse', 'Nursing Assistant'),
  Pharmacy: titles('Director of Pharmacy', 'Pharmacy Supervisor', 'Clinical Pharmacist', 'Pharmacy Technician', 'Pharmacy Buyer'),
  'Patient Records': titles('Health Information Manager', 'Records Supervisor', 'Medical Records Clerk', 'Coding Specialist', 'Release of Information Specialist'),
  'Retail Banking': titles('Head of Retail Banking', 'Branch Manager', 'Personal Banker', 'Teller', 'Mortgage Advisor', 'Loan Officer'),
  'Wealth Management': titles('Head of Wealth Management', 'Senior Wealth Advisor', 'Financial Planner', 'Portfolio Analyst', 'Client Associate'),
  'Risk & Compliance': titles('Chief Risk Officer', 'Compliance Manager', 'Compliance Analyst', 'AML Investigator', 'Risk Analyst', 'KYC Specialist'),
  Legal: titles('General Counsel', 'Senior Counsel', 'Legal Counsel', 'Contracts Manager', 'Legal Assistant'),
  Marketing: titles('Chief Marketing Officer', 'Marketing Manager', 'Marketing Specialist', 'Content Writer', 'Digital Marketing Analyst', 'Brand Designer'),
  Litigation: titles('Head of Litigation', 'Senior Associate', 'Associate Attorney', 'Litigation Paralegal', 'Trial Consultant'),
  'Corporate Law': titles('Head of Corporate Law', 'Senior Associate', 'Associate Attorney', 'Corporate Paralegal', 'Transaction Coordinator'),
  'Paralegal Services': titles('Paralegal Manager', 'Senior Paralegal', 'Paralegal', 'Legal Secretary', 'Docketing Clerk'),
  'Client Relations': titles('Director of Client Relations', 'Client Relations Manager', 'Client Intake Specialist', 'Billing Coordinator', 'Receptionist'),
  Generation: titles('Head of Generation', 'Plant Shift Supervisor', 'Plant Operator', 'Control Room Operator', 'Performance Engineer'),
  'Grid Operations': titles('Director of Grid Operations', 'Grid Control Supervisor', 'Grid Controller', 'Outage Planner', 'Energy Trader'),
  Engineering: titles('VP of Engineering', 'Engineering Manager', 'Software Engineer', 'Senior Software Engineer', 'QA Engineer', 'DevOps Engineer'),
  'Field Services': titles('Head of Field Services', 'Field Supervisor', 'Field Technician', 'Line Worker', 'Meter Technician'),
  Procurement: titles('Chief Procurement Officer', 'Procurement Manager', 'Buyer', 'Category Specialist', 'Contracts Administrator'),
  Safety: titles('Head of Health and Safety', 'Safety Supervisor', 'Safety Officer', 'Environmental Specialist', 'Safety Trainer'),
  Product: titles('VP of Product', 'Group Product Manager', 'Product Manager', 'Product Analyst', 'Technical Writer'),
  Design: titles('Head of Design', 'Design Lead', 'Product Designer', 'UX Researcher', 'UI Designer'),
  'Customer Success': titles('VP of Customer Success', 'Customer Success Lead', 'Customer Success Manager', 'Onboarding Specialist', 'Support Engineer'),
};

const fallbackTitles = titles('Department Head', 'Team Lead', 'Specialist', 'Coordinator', 'Associate');

/** An office: where its people's days start, how its phone numbers look, what its people read. */
type DemoOffice = {
  timeZone: string;
  phone: (faker: Faker) => string;
  /** Languages with their weights; English (US) is stored as no language, the organisation's default. */
  languages: [PersonLanguage, number][];
};

const digits = (faker: Faker, count: number) => faker.string.numeric({ length: count, allowLeadingZeros: true });

// North America and the UK have numbers set aside for fiction (555-0100 to 555-0199; Ofcom's
// 07700 900000 to 900999), so no demo message can reach a real phone there. Elsewhere the numbers
// only follow the national mobile format.
const northAmerican = (areaCodes: string[]) => (faker: Faker) => `+1${faker.helpers.arrayElement(areaCodes)}55501${digits(faker, 2)}`;
const phones = {
  uk: (faker: Faker) => `+447700900${digits(faker, 3)}`,
  ireland: (faker: Faker) => `+3538${faker.helpers.arrayElement(['3', '5', '6', '7'])}${digits(faker, 7)}`,
  germany: (faker: Faker) => `+49${faker.helpers.arrayElement(['151', '160', '170', '176'])}${digits(faker, 8)}`,
  france: (faker: Faker) => `+33${faker.helpers.arrayElement(['6', '7'])}${digits(faker, 8)}`,
  spain: (faker: Faker) => `+34${faker.helpers.arrayElement(['6', '7'])}${digits(faker, 8)}`,
  portugal: (faker: Faker) => `+3519${faker.helpers.arrayElement(['1', '2', '3', '6'])}${digits(faker, 7)}`,
  italy: (faker: Faker) => `+393${digits(faker, 9)}`,
  india: (faker: Faker) => `+91${faker.helpers.arrayElement(['7', '8', '9'])}${digits(faker, 9)}`,
  brazil: (faker: Faker) => `+55119${digits(faker, 8)}`,
};

const office = (timeZone: string, phone: DemoOffice['phone'], languages: DemoOffice['languages'] = [['en_us', 1]]): DemoOffice => ({
  timeZone,
  phone,
  languages,
});

const offices = {
  newYork: office('America/New_York', northAmerican(['212', '646', '917']), [['en_us', 92], ['es_es', 8]]),
  boston: office('America/New_York', northAmerican(['617', '857'])),
  miami: office('America/New_York', northAmerican(['305', '786']), [['en_us', 60], ['es_es', 40]]),
  chicago: office('America/Chicago', northAmerican(['312', '773']), [['en_us', 90], ['es_es', 10]]),
  phoenix: office('America/Phoenix', northAmerican(['602', '480']), [['en_us', 80], ['es_es', 20]]),
  losAngeles: office('America/Los_Angeles', northAmerican(['213', '310', '323']), [['en_us', 80], ['es_es', 20]]),
  sanFrancisco: office('America/Los_Angeles', northAmerican(['415', '628'])),
  toronto: office('America/Toronto', northAmerican(['416', '647'])),
  montreal: office('America/Toronto', northAmerican(['514', '438']), [['fr_fr', 70], ['en_us', 30]]),
  london: office('Europe/London', phones.uk),
  dublin: office('Europe/Dublin', phones.ireland),
  berlin: office('Europe/Berlin', phones.germany, [['de_de', 88], ['en_us', 12]]),
  paris: office('Europe/Paris', phones.france, [['fr_fr', 90], ['en_us', 10]]),
  madrid: office('Europe/Madrid', phones.spain, [['es_es', 90], ['en_us', 10]]),
  // Portuguese is trained in Brazilian Portuguese, the one Portuguese the learning languages have.
  lisbon: office('Europe/Lisbon', phones.portugal, [['pt_br', 80], ['en_us', 20]]),
  milan: office('Europe/Rome', phones.italy, [['it_it', 90], ['en_us', 10]]),
  // IANA's name; Node's own list says Asia/Calcutta for the same zone.
  bengaluru: office('Asia/Kolkata', phones.india, [['en_us', 65], ['hi_in', 35]]),
  mumbai: office('Asia/Kolkata', phones.india, [['en_us', 60], ['hi_in', 40]]),
  saoPaulo: office('America/Sao_Paulo', phones.brazil, [['pt_br', 85], ['en_us', 15]]),
} satisfies Record<string, DemoOffice>;

export type DemoOfficeName = keyof typeof offices;

/** The time zone of a company whose head office this is. */
export const officeTimeZone = (name: DemoOfficeName) => offices[name].timeZone;

/** The managed-service provider's own people, in its time zone. */
export const demoManagedServiceProfiles = {
  timeZone: 'America/New_York',
  operator: { jobTitle: 'Managed Security Services Lead', phone: '+12125550142' },
  analysts: [
    { jobTitle: 'Security Awareness Analyst', phone: '+12125550157', timeZone: 'Asia/Kolkata' },
    { jobTitle: 'Security Awareness Analyst', phone: '+447700900314', timeZone: 'Europe/London' },
  ],
};

export type ProfiledPerson = {
  id: string;
  managerId?: string | null;
  departmentId?: string | null;
  level: number;
};

export type DemoProfile = { jobTitle: string; phone: string | null; timeZone: string | null; preferredLanguage: PersonLanguage | null };

/**
 * Job title, phone, time zone and language for each planned person, in the order given (managers
 * before their reports). The first office is the head office, whose time zone the company has, so
 * its people keep none of their own; most people work in their manager's office.
 */
export const planDemoProfiles = (
  planned: ProfiledPerson[],
  companyOffices: [DemoOfficeName, number][],
  departmentName: (id: string | null | undefined) => string,
  faker: Faker,
): Map<string, DemoProfile> => {
  const [headOffice] = companyOffices[0]!;
  const officeOf = new Map<string, DemoOfficeName>();
  const weightedOffices = companyOffices.map(([name, weight]) => ({ value: name, weight }));
  const profiles = new Map<string, DemoProfile>();
  for (const person of planned) {
    const managersOffice = person.managerId ? officeOf.get(person.managerId) : undefined;
    const name =
      person.level === 0 ? headOffice : managersOffice && faker.number.float() < 0.75 ? managersOffice : faker.helpers.weightedArrayElement(weightedOffices);
    officeOf.set(person.id, name);
    const where = offices[name];
    const department = departmentTitles[departmentName(person.departmentId)] ?? fallbackTitles;
    const jobTitle = person.level === 0 ? 'Chief Executive Officer' : person.level === 1 ? department.head : person.level === 2 ? department.lead : faker.helpers.arrayElement(department.staff);
    const language = faker.helpers.weightedArrayElement(where.languages.map(([value, weight]) => ({ value, weight })));
    profiles.set(person.id, {
      jobTitle,
      // Not everyone's number is on record.
      phone: faker.number.float() < 0.88 ? where.phone(faker) : null,
      timeZone: where.timeZone === offices[headOffice].timeZone ? null : where.timeZone,
      preferredLanguage: language === 'en_us' ? null : language,
    });
  }
  return profiles;
};
