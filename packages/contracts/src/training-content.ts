import { z } from 'zod';
import { templateLanguages } from './phishing-content.ts';

/**
 * The subjects of the built-in lessons: one idea each. An organisation's own modules pick one of
 * these too, so the catalogue filters and the remedial rules treat both alike.
 */
export const trainingTopics = [
  'phishing-basics',
  'lookalike-domains',
  'qr-phishing',
  'smishing-vishing',
  'bec-payment-fraud',
  'mfa-fatigue',
  'passwords',
  'passkeys',
  'file-sharing',
  'public-wifi',
  'social-media',
  'physical-security',
  'data-classification',
  'incident-reporting',
  'deepfakes',
  'gdpr-basics',
  'remote-work',
  'ransomware',
  'insider-risk',
  'teachable-moment',
] as const;
export const trainingTopicSchema = z.enum(trainingTopics);
export type TrainingTopic = z.infer<typeof trainingTopicSchema>;

/** Lessons are written in every learning language (the languages people are tested in). */
export const trainingLanguages = templateLanguages;
export type TrainingLanguage = (typeof trainingLanguages)[number];

/** What a slide may show beside its heading and points: a mock message with its tell-tale details. */
export const slideExampleKinds = ['email', 'sms', 'call', 'web', 'chat'] as const;
export const slideExampleKindSchema = z.enum(slideExampleKinds);
