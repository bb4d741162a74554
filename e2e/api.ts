import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, users } from './fixtures';
import type { LocationMetadata, SyncPage, UserProfile, WorkOrder } from '../schemas';
import { OPEN_PERMIT_STATES, type Permit } from '../schemas/permit';

/**
 * The server's API as a contractor sees it, outside the browser: what the server holds is
 * checked here, not through the app under test.
 */
export class ContractorApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly email: string,
  ) {}

  static async signIn(request: APIRequestContext, email: string, password: string): Promise<ContractorApi> {
    const response = await request.post('/api/auth/signin', { data: { EmailAddress: email, Password: password } });
    expect(response.status(), await response.text()).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    return new ContractorApi(request, accessToken, email);
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${this.token}` } });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  profile(): Promise<UserProfile> {
    return this.call<UserProfile>('GET', `/user?Email=${encodeURIComponent(this.email)}`);
  }

  async homeLocationId(): Promise<number | null> {
    return (await this.profile()).Preferences.HomeLocationId;
  }

  async setHomeLocation(locationId: number): Promise<void> {
    const { PersonnelId } = await this.profile();
    await this.call('POST', '/userpref', { PersonnelId, HomeLocationId: locationId });
  }

  /** Sets a permit's work location on its site's plot plan (PUT /permitinstance), as the edit page's dialog does. */
  async setWorkLocation(PermitInstanceId: string, Latitude: number, Longitude: number): Promise<void> {
    await this.call('PUT', '/permitinstance', { PermitInstanceId, Latitude, Longitude });
  }

  /** Submits a draft for approval (POST /permitinstance/submit). */
  async submit(PermitInstanceId: string): Promise<void> {
    await this.call('POST', '/permitinstance/submit', { PermitInstanceId });
  }

  /** Every live document of a collection in this user's scope, read page by page as a replica would. */
  async pullAll<T>(collection: string): Promise<T[]> {
    const documents: T[] = [];
    let checkpoint: SyncPage['checkpoint'] = null;
    for (;;) {
      const query: URLSearchParams = new URLSearchParams({ limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const page: SyncPage = await this.call<SyncPage>('GET', `/sync/${collection}?${query.toString()}`);
      documents.push(...(page.documents.filter((d) => d._deleted !== true) as T[]));
      checkpoint = page.checkpoint ?? checkpoint;
      if (page.remaining === 0) return documents;
    }
  }

  /** A permit's form content as the server holds it, keyed by sub-form. */
  async permitContent(id: string): Promise<Record<string, Record<string, unknown>>> {
    const { Content } = await this.call<{ Content: Record<string, Record<string, unknown>> }>('GET', `/permitcontent?PermitInstanceId=${encodeURIComponent(id)}`);
    return Content;
  }

  /** The dashboard's three counts (SPEC §2) computed from what the server holds for this user. */
  async dashboardCounts(): Promise<{ openPermits: number; needingApproval: number; openWorkorders: number }> {
    const home = await this.homeLocationId();
    const [permits, workOrders, sitedata] = await Promise.all([
      this.pullAll<Permit>('permits'),
      this.pullAll<WorkOrder>('workorders'),
      this.pullAll<{ id: string; data: unknown }>('sitedata'),
    ]);
    const metadata = sitedata.find((d) => d.id === `locationmetadata:${home}`)?.data as LocationMetadata | undefined;
    const active = metadata?.WorkOrders.ActiveStatuses ?? [];
    return {
      openPermits: permits.filter((p) => (OPEN_PERMIT_STATES as readonly string[]).includes(p.State)).length,
      needingApproval: permits.filter((p) => p.State === 'PENDING').length,
      openWorkorders: workOrders.filter((w) => w.workOrderStatus.some((s) => active.includes(s))).length,
    };
  }
}

export const ATMOSPHERIC_DISTILLATION = 111;

/**
 * The demo contractor's API, signed in before each test. The e2e database lives for the whole
 * run, so after each test the contractor's home is put back as the seed has it.
 */
export function contractorApiPerTest(): () => ContractorApi {
  let api: ContractorApi | undefined;
  test.beforeEach(async ({ request }) => {
    api = await ContractorApi.signIn(request, users.contractor.email, DEMO_PASSWORD);
  });
  test.afterEach(async () => {
    if (api && (await api.homeLocationId()) !== ATMOSPHERIC_DISTILLATION) await api.setHomeLocation(ATMOSPHERIC_DISTILLATION);
  });
  return () => api!;
}
