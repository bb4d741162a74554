import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AddGasReadingBody, GasReadingResult } from '../../schemas';
import type { TestServer } from './harness';
import { post } from './permitFactories';

/** A clean reading at the manway top, taken now, overridable. */
export const readingBody = (PermitInstanceId: string, overrides: Partial<AddGasReadingBody> = {}): AddGasReadingBody => ({
  ReadingId: randomUUID(),
  PermitInstanceId,
  TakenAt: new Date().toISOString(),
  InstrumentId: 'MSA Altair 4XR #A-102',
  BumpTestDate: new Date().toISOString().slice(0, 10),
  SamplePoint: 'Manway top',
  O2: 20.9, LEL: 0, H2S: 0, CO: 1, Extra: [],
  ...overrides,
});

/** POST /gastests/reading; fails the test unless recorded. */
export async function addReading(server: TestServer, token: string, permitId: string, overrides: Partial<AddGasReadingBody> = {}): Promise<GasReadingResult> {
  const response = await post(server, token, '/gastests/reading', readingBody(permitId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GasReadingResult>();
}
