import { describe, expect, it } from 'vitest';
import { trainingLanguages, trainingTopics } from '@vigil/contracts';
import { type LessonText, lessonProblems, loadLessonLibrary } from './lesson-library.ts';

const library = loadLessonLibrary();

describe('the built-in lesson library', () => {
  it('has a lesson for every topic', () => {
    expect(library.length).toBeGreaterThanOrEqual(20);
    expect(new Set(library.map((lesson) => lesson.metadata.topic))).toEqual(new Set(trainingTopics));
  });

  it('is written in all seven learning languages', () => {
    for (const lesson of library) expect(Object.keys(lesson.texts).sort(), lesson.id).toEqual([...trainingLanguages].sort());
  });

  it('answers every lure category with a remedial lesson', () => {
    const answered = new Set(library.flatMap((lesson) => lesson.metadata.remediates));
    expect([...answered].sort()).toEqual(['deliveries', 'executive-bec', 'file-sharing', 'finance-invoices', 'hr-payroll', 'it-password', 'mfa-fatigue', 'saas-notifications']);
  });
});

describe('the checks every lesson passes', () => {
  const narration = `${'word '.repeat(60)}`.trim();
  const english: LessonText = {
    title: 'Spotting a phish',
    summary: 'What a phishing message looks like and what to do with one.',
    slides: Array.from({ length: 6 }, (_, index) => ({ heading: `Slide ${index}`, points: ['One point'], narration })),
    quiz: Array.from({ length: 5 }, () => ({ question: 'Which is safest?', choices: ['a', 'b', 'c'], answer: 1, explanation: 'Because b is the safe choice here.' })),
  };
  const metadata = { version: 1, topic: 'phishing-basics' as const, minutes: 2, passScore: 80, remediates: [] };

  it('passes a sound lesson', () => {
    expect(lessonProblems('x', metadata, { en_us: english })).toEqual([]);
  });

  it('checks the video length against the narration', () => {
    expect(lessonProblems('x', { ...metadata, minutes: 5 }, { en_us: english })).toEqual(['x/lesson.json: minutes is 5, but the narration (360 words) runs about 2']);
    const short = { ...english, slides: english.slides.slice(0, 1) };
    expect(lessonProblems('x', metadata, { en_us: short })[0]).toMatch(/the narration has 60 words/);
  });

  it('holds a translation to the English lesson’s shape and answers', () => {
    const french: LessonText = { ...english, quiz: english.quiz.map((question, index) => (index === 2 ? { ...question, answer: 0 } : question)), slides: english.slides.slice(1) };
    expect(lessonProblems('x', metadata, { en_us: english, fr_fr: french })).toEqual([
      'x/fr_fr.json: has 5 slides, English has 6',
      'x/fr_fr.json: quiz.2 must keep English’s choices in the same order, with the same answer',
    ]);
  });

  it('refuses an answer past the choices and a flag past the example', () => {
    const broken: LessonText = {
      ...english,
      quiz: english.quiz.map((question, index) => (index === 0 ? { ...question, answer: 3 } : question)),
      slides: english.slides.map((slide, index) => (index === 0 ? { ...slide, example: { kind: 'email' as const, lines: ['Hello'], flags: [{ line: 2, note: 'Odd' }] } } : slide)),
    };
    expect(lessonProblems('x', metadata, { en_us: broken })).toEqual([
      'x/en_us.json: quiz.0.answer points past its 3 choices',
      'x/en_us.json: slides.0.example.flags points at line 2, which it does not have',
    ]);
  });
});
