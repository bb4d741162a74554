import { useMemo } from 'react';
import { Button, Card, CardHeader, MessageBar, MessageBarBody, Text, Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { UiSchema } from '@rjsf/utils';
import bannerValidators from 'virtual:form-validator/OutageBanner';
import featureValidators from 'virtual:form-validator/SiteFeatures';
import { messages } from '../../../domain/messages';
import { OutageBanner, SiteFeatures, type BannersBody } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useAdminOutlet } from '../admin/adminSites';
import { SchemaForm } from '../admin/schemaForm/SchemaForm';
import { saveBanners, saveSiteFeatures } from './settingsWrites';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const BANNER_UI: UiSchema<OutageBanner> = {
  'ui:order': ['Severity', 'Title', 'Message', 'Link', 'LinkText', 'EndsAt'],
  Message: { 'ui:widget': 'textarea' },
  EndsAt: { 'ui:widget': 'datetime' },
};
const BANNER_MESSAGES = {
  Title: 'Title is required',
  Message: 'Message is required',
  Link: 'Link must be a web address starting with http:// or https://',
  EndsAt: 'Ends at must be a date and time',
};
const BANNERS = [
  { key: 'outagewarningbanner', title: 'Outage warning banner', hint: 'Shown as information unless a severity is chosen: planned maintenance, degraded service.' },
  { key: 'outagebanner', title: 'Outage banner', hint: 'Shown as an error unless a severity is chosen: something is down now.' },
] as const;

/** /admin/settings (administrators): the outage notices and the feature flags of the site (SPEC §3 remote configuration). */
export function SettingsPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const { site, administrator } = useAdminOutlet();
  const outcome = useChangeOutcome();
  const writer = useMemo(() => ({ db, owner: email }), [db, email]);
  const settings = data.settings;
  const done = { done: messages.admin.updated, refused: messages.admin.settingsFailed };

  if (!administrator) {
    return (
      <MessageBar intent="info">
        <MessageBarBody>Only administrators can change the settings.</MessageBarBody>
      </MessageBar>
    );
  }
  const current: BannersBody = { outagewarningbanner: settings.outagewarningbanner ?? null, outagebanner: settings.outagebanner ?? null };
  const putBanner = (key: keyof BannersBody, banner: OutageBanner | null) =>
    void saveBanners(writer, { ...current, [key]: banner }).then((entry) => outcome(entry, done));
  const flags: SiteFeatures = site ? (settings.siteFeatures?.[String(site.SiteId)] ?? data.flags) : data.flags;

  return (
    <div className={styles.page}>
      <Title2 as="h1">Settings</Title2>
      <Text className={styles.muted}>Changes reach every open device within seconds, and devices offline on their next sync.</Text>
      {BANNERS.map(({ key, title, hint }) => (
        <Card key={key} aria-label={title}>
          <CardHeader header={<Title3 as="h2">{title}</Title3>} description={<Text className={styles.muted}>{current[key] ? hint : `${hint} Not shown now.`}</Text>} />
          <SchemaForm<OutageBanner>
            // A new form when the stored notice changes (another administrator, or this save coming back).
            key={JSON.stringify(current[key])}
            schema={OutageBanner}
            idPrefix={key}
            validateFns={bannerValidators}
            formData={current[key] ?? { Title: '', Message: '' }}
            uiSchema={BANNER_UI}
            messages={BANNER_MESSAGES}
            submitLabel={current[key] ? 'Update banner' : 'Show banner'}
            onSubmit={(banner) => putBanner(key, banner)}
            extra={
              current[key] ? (
                <Button appearance="secondary" onClick={() => putBanner(key, null)}>
                  Take down
                </Button>
              ) : null
            }
          />
        </Card>
      ))}
      {site ? (
        <Card aria-label="Feature flags">
          <CardHeader header={<Title3 as="h2">{`Feature flags of ${site.name}`}</Title3>} />
          <SchemaForm<SiteFeatures>
            key={`${site.SiteId}:${JSON.stringify(flags)}`}
            schema={SiteFeatures}
            idPrefix="features"
            validateFns={featureValidators}
            formData={flags}
            submitLabel="Save flags"
            onSubmit={(next) => void saveSiteFeatures(writer, site.SiteId, next).then((entry) => outcome(entry, done))}
          />
        </Card>
      ) : null}
    </div>
  );
}
