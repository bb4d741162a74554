import { Badge, MessageBar, MessageBarBody, Spinner, Tab, TabList, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { messages } from '../../../domain/messages';
import { approvalsOf, groupsOf, isYourApprovalRequired } from '../../../domain/permits/approvals';
import { definitionFields, isEditable } from '../../../domain/permits/editability';
import type { FieldClass } from '../../../domain/permits/fields';
import { RULES } from '../../../domain/permits/lifecycle';
import type { ContentJson } from '../../../domain/permits/yContent';
import type { Permit, PermitState, WorkOrder } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { ChangeWorkLocation } from './ChangeWorkLocation';
import { ChangeWorkOrder, workOrderNumberIn } from './ChangeWorkOrder';
import { WorkLocationDialog } from '../plotPlans/WorkLocationDialog';
import { ErrorPanel } from './ErrorPanel';
import { IsolationsPanel } from '../isolations/IsolationsPanel';
import { GasTestsPanel } from '../gasTests/GasTestsPanel';
import { RevalidationBanner } from '../handover/RevalidationBanner';
import { NearbyWorkPanel } from '../simops/NearbyWorkPanel';
import type { FormioHandle } from './FormioForm';
import { PermitActions } from './PermitActions';
import { PermitForms, subForms, validateForms as validate } from './PermitForms';
import { definition$, locationMetadata$, permit$ } from './permitQueries';
import { errorsMessage, referenceOf } from './permitText';
import { usePermitDoc } from './usePermitDoc';
import { workOrderFields } from './WorkOrderPicker';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  work: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalS },
});

// Its own chunk: most visits to a permit are to its form, and the history's words and list then cost nothing.
const HistoryTab = lazy(() => import('../history/HistoryTab').then((m) => ({ default: m.HistoryTab })));

/** The permit page's views; the form is the default and has no `tab` in the address. */
type PermitTab = 'form' | 'history';

export const STALE_DEFINITION = 'This permit was copied from a permit created with an older version of this form. Some fields may have not been copied from the original permit.';

/** /permits/{id}/edit (SPEC §2): the permit's form, editable as its state and the user's abilities allow, with its action bar. */
export function EditPermitPage() {
  const styles = useStyles();
  const { permitInstanceId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // In the address, so a link (or a reload) opens the history itself.
  const tab: PermitTab = search.get('tab') === 'history' ? 'history' : 'form';
  const chooseTab = (value: PermitTab) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === 'history') next.set('tab', 'history');
      else next.delete('tab');
      return next;
    }, { replace: true });
  const db = useReplica();
  const { data, email } = useAppData();
  const found = useObservable(useMemo(() => permit$(db, email, permitInstanceId), [db, email, permitInstanceId]), undefined);
  const permit = found?.permit?.doc ?? null;
  const definition = useObservable(useMemo(() => definition$(db, permit?.PermitDefinitionId ?? null), [db, permit?.PermitDefinitionId]), null);
  const locationId = permit?.LocationId ?? null;
  const metadata = useObservable(useMemo(() => locationMetadata$(db, locationId), [db, locationId]), null);
  const handles = useRef(new Map<string, FormioHandle>());

  const state = (permit?.State ?? 'DRAFT') as PermitState;
  const canEdit = locationId !== null && abilitiesAt(data.profile, data.tree, locationId).permits.edit;
  const gas = metadata?.GasReadingsEditableWhenApproved ?? false;
  const editable = useCallback((fc: FieldClass) => isEditable(fc, { state, canEdit, gasReadingsEditableWhenApproved: gas }), [state, canEdit, gas]);
  const fields = useMemo(() => (definition ? definitionFields(definition) : new Map()), [definition]);
  const fieldClass = useCallback((path: string): FieldClass => fields.get(path)?.fieldClass ?? 'general', [fields]);
  const onRemote = useCallback((content: ContentJson) => {
    for (const [path, handle] of handles.current) handle.merge((content[path] ?? {}) as Record<string, unknown>);
  }, []);
  const doc = usePermitDoc({ permit, updates: found?.updates ?? [], fieldClass, editable, onRemote });

  const typesKey = permit?.permitTypes.map((t) => t.Name).join('\n') ?? '';
  const forms = useMemo(() => (definition ? subForms(definition, typesKey.split('\n')) : []), [definition, typesKey]);
  // The group lists as text: a pulled permit is a new object, and new inputs would rebuild the forms under the user's hands.
  const groupsKey = JSON.stringify(permit?.PermitInstanceMetadataJSON.UsersOfGroupList ?? []);
  const inputs = useMemo(() => ({ lists: metadata?.Lists ?? [], groups: JSON.parse(groupsKey) as Permit['PermitInstanceMetadataJSON']['UsersOfGroupList'], editable }), [metadata, groupsKey, editable]);
  const readOnly = !canEdit || !RULES.editContent.from.includes(state);
  const movable = canEdit && RULES.changeLocation.from.includes(state);
  // Through the same Yjs path as typing (DESIGN.md §5): it merges with others' edits, and the open forms show it at once.
  const chooseWorkOrder = (w: WorkOrder) => {
    const chosen = workOrderFields(w);
    for (const form of forms) doc.change(form.path, chosen);
    doc.flush();
    for (const handle of handles.current.values()) handle.merge(chosen);
  };
  const [errors, setErrors] = useState<{ message: string; list: Parameters<typeof ErrorPanel>[0]['errors'] } | null>(null);

  if (found === undefined) return <Spinner label="Loading the permit…" />;
  if (!permit) return <MessageBar intent="error"><MessageBarBody>{messages.permits.notFound}</MessageBarBody></MessageBar>;
  const groups = groupsOf(data.profile.PersonnelId, permit.PermitInstanceMetadataJSON.UsersOfGroupList);
  const approvals = approvalsOf(permit);

  return (
    <section className={styles.root}>
      <div className={styles.heading}>
        <Title2 as="h1">{`Permit # ${referenceOf(permit.PermitInstanceReferenceId)}`}</Title2>
        <Badge appearance="tint" aria-label="State">{permit.State}</Badge>
        {found?.permit?.pending && <Badge appearance="outline" color="informative">Not synced yet</Badge>}
      </div>
      {search.get('staleDefinition') === 'true' && (
        <MessageBar intent="warning"><MessageBarBody>{STALE_DEFINITION}</MessageBarBody></MessageBar>
      )}
      <div className={styles.work}>
        <ChangeWorkLocation permit={permit} definitionLocationId={definition?.LocationId ?? null} allowed={movable} />
        {data.flags.plotPlanEnabled && movable && <WorkLocationDialog permit={permit} />}
        {data.flags.workOrdersEnabled && (metadata?.UsesWorkOrders ?? true) && (
          <ChangeWorkOrder current={workOrderNumberIn(doc.content, forms.map((f) => f.path)) || permit.workOrderNumber} allowed={movable && doc.ready} onChoose={chooseWorkOrder} />
        )}
      </div>
      <RevalidationBanner permit={permit} />
      <IsolationsPanel permit={permit} canEdit={canEdit} />
      <GasTestsPanel permit={permit} canEdit={canEdit} />
      <NearbyWorkPanel permitId={permit.PermitInstanceId} />
      {permit.EndStateDescription && <MessageBar intent="info"><MessageBarBody>{`Reason: ${permit.EndStateDescription}`}</MessageBarBody></MessageBar>}
      <PermitActions
        permit={permit}
        approvals={approvals}
        groups={groups}
        canEdit={canEdit}
        copyEnabled={data.flags.copyEnabled && (metadata?.CopyEnabled ?? false)}
        canPrint={locationId !== null && abilitiesAt(data.profile, data.tree, locationId).permits.print && (metadata?.PrintableStates ?? []).includes(state)}
        mergePdfs={metadata?.MergePdfs ?? false}
        yourApprovalRequired={isYourApprovalRequired(permit, approvals?.Approvals ?? [], data.profile.PersonnelId)}
        beforeSubmit={() => {
          doc.flush();
          const list = readOnly || !definition ? [] : validate(definition, forms, handles.current);
          setErrors(list.length ? { message: errorsMessage(list.length), list } : null);
          // The errors point into the form: it is shown whatever tab was open.
          if (list.length) chooseTab('form');
          return list.length === 0;
        }}
      />
      {errors && (
        <>
          <MessageBar intent="error"><MessageBarBody>{errors.message}</MessageBarBody></MessageBar>
          <ErrorPanel errors={errors.list} />
        </>
      )}
      <TabList selectedValue={tab} onTabSelect={(_e, d) => chooseTab(d.value as PermitTab)} aria-label="Permit views">
        <Tab id="permit-tab-form" value="form" aria-controls="permit-panel-form">Form</Tab>
        <Tab id="permit-tab-history" value="history" aria-controls="permit-panel-history">History</Tab>
      </TabList>
      {/* Hidden rather than unmounted: the Form.io forms keep what is being typed and are not built again. */}
      <div role="tabpanel" id="permit-panel-form" aria-labelledby="permit-tab-form" hidden={tab !== 'form'}>
        {!definition || !doc.content ? (
          <Spinner label="Loading the form…" />
        ) : (
          <PermitForms definition={definition} forms={forms} content={doc.content} inputs={inputs} readOnly={readOnly} onChange={doc.change} handles={handles} />
        )}
      </div>
      <div role="tabpanel" id="permit-panel-history" aria-labelledby="permit-tab-history" hidden={tab !== 'history'}>
        {tab === 'history' && (
          <Suspense fallback={<Spinner label="Loading the history…" />}>
            <HistoryTab permit={permit} definition={definition} unsent={Boolean(found?.permit?.pending) || (found?.updates.length ?? 0) > 0} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
