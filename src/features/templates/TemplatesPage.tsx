import {
  Badge, Button, CounterBadge, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tab, TabList, Table, TableBody, TableCell, TableHeader,
  TableHeaderCell, TableRow, Text, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { templateActions } from '../../../domain/templates/workflow';
import type { Template } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { templatesAt, templates$ } from './templateQueries';
import { TemplateStateBadge, personName } from './TemplateStateBadge';
import { ACTION_LABELS, useTemplateActionRunner } from './useTemplateActionRunner';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  row: { cursor: 'pointer' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Tab = Template['Type'];

/** /admin/templates (SPEC §2): work and permit templates of the home location, with the review workflow in each row's menu. */
export function TemplatesPage() {
  const styles = useStyles();
  const db = useReplica();
  const navigate = useNavigate();
  const { data, email } = useAppData();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'work' ? 'work' : 'permit';
  const all = useObservable(useMemo(() => templates$(db, email), [db, email]), null);
  const home = data.homeLocation?.LocationId ?? null;
  const rows = useMemo(() => templatesAt(all ?? [], home, tab), [all, home, tab]);
  const actor = data.abilities.forms;
  const { run, dialogs } = useTemplateActionRunner();

  return (
    <section className={styles.root}>
      <div className={styles.bar}>
        <Title2 as="h1">Templates</Title2>
        {actor.edit && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button appearance="primary" icon={<AddRegular />}>
                Create Template
              </Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem onClick={() => navigate('/admin/templates/create?type=work')}>Work Template</MenuItem>
                <MenuItem onClick={() => navigate('/admin/templates/create?type=permit')}>Permit Template</MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
      </div>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setParams({ tab: String(d.value) }, { replace: true })}>
        <Tab value="work">Work Templates</Tab>
        <Tab value="permit">Permit Templates</Tab>
      </TabList>
      {all !== null && rows.length === 0 ? (
        <Text className={styles.muted}>{tab === 'work' ? 'There are no work templates at this location yet.' : 'There are no permit templates at this location yet.'}</Text>
      ) : (
        <Table aria-label={tab === 'work' ? 'Work Templates' : 'Permit Templates'}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Form</TableHeaderCell>
              <TableHeaderCell>Created By</TableHeaderCell>
              <TableHeaderCell>Approval</TableHeaderCell>
              <TableHeaderCell>State</TableHeaderCell>
              <TableHeaderCell>Comments</TableHeaderCell>
              <TableHeaderCell aria-label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(({ doc: t, pending }) => {
              const actions = templateActions(t.State, actor).filter((a) => a !== 'view');
              return (
                <TableRow key={t.PermitTemplateId} className={styles.row} onClick={() => run(actions.includes('edit') ? 'edit' : 'view', t)}>
                  <TableCell>
                    <span className={styles.name}>
                      {t.Name}
                      {pending && <Badge appearance="outline" color="warning">Pending</Badge>}
                    </span>
                  </TableCell>
                  <TableCell>{t.FormKey || '—'}</TableCell>
                  <TableCell>{personName(t.CreatedBy)}</TableCell>
                  <TableCell>{t.ApprovedBy ? `${personName(t.ApprovedBy)}, ${(t.ApprovedOn ?? '').slice(0, 10)}` : '—'}</TableCell>
                  <TableCell>
                    <TemplateStateBadge state={t.State} />
                  </TableCell>
                  <TableCell>
                    <CounterBadge count={t.Comments.length} showZero appearance="ghost" color="informative" aria-label={`${t.Comments.length} comments`} />
                  </TableCell>
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`Actions for ${t.Name}`} />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem onClick={() => run('view', t)}>View</MenuItem>
                          {actions.map((a) => (
                            <MenuItem key={a} onClick={() => run(a, t)}>
                              {ACTION_LABELS[a]}
                            </MenuItem>
                          ))}
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {dialogs}
    </section>
  );
}
