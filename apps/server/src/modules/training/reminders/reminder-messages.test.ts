import { describe, expect, it } from 'vitest';
import { dueSoonMail, escalationMail, formatDueDate, overdueMail, reminderLanguageOf, reminderLanguages } from './reminder-messages.ts';

const url = 'https://vigil.example/dashboard/trainings/learning/?assignment=a1';
const due = new Date('2031-03-20T12:00:00Z');

describe('reminder messages', () => {
  it.each(reminderLanguages)('%s: each mail names the lesson, the date (and the link, or the person and the days late), in text and HTML', (language) => {
    const date = formatDueDate(due, language, 'Europe/Paris');
    expect(date).toMatch(/2031|२०३१/);
    const learner = { firstName: 'Ana', lesson: 'Lesson <A&B>', due: date, minutes: 6, url };
    for (const mail of [dueSoonMail(language, learner), overdueMail(language, learner)]) {
      expect(mail.subject).toContain('Lesson <A&B>');
      expect(mail.text).toContain(date);
      expect(mail.text).toContain(url);
      expect(mail.text).toContain('Ana');
      expect(mail.html).toContain('Lesson &lt;A&amp;B&gt;');
      expect(mail.html).toContain(`<a href="${url}">`);
      expect(`${mail.subject}${mail.text}`).not.toMatch(/undefined|NaN|\$\{/);
    }
    const escalation = escalationMail(language, { managerFirstName: 'Bo', person: 'Ana Silva', lesson: 'Lesson X', due: date, daysOverdue: 9 });
    expect(escalation.subject).toContain('Ana Silva');
    expect(escalation.text).toMatch(/Bo\b/);
    expect(escalation.text).toContain('Lesson X');
    expect(escalation.text).toContain('9');
    expect(escalation.text).not.toContain(url);
  });

  it('writes to a person in their learning language, else English; a bad time zone falls back to UTC', () => {
    expect(reminderLanguageOf('pt_br')).toBe('pt_br');
    expect(reminderLanguageOf('nl_nl')).toBe('en_us');
    expect(reminderLanguageOf(null)).toBe('en_us');
    expect(formatDueDate(due, 'en_us', 'Not/AZone')).toBe('March 20, 2031');
    expect(formatDueDate(new Date('2031-03-20T23:30:00Z'), 'de_de', 'Asia/Tokyo')).toBe('21. März 2031');
  });
});
