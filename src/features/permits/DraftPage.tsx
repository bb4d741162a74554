import {
  Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens,
  type AccordionToggleEventHandler,
} from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { plotPlanFor, type PlotPlanPosition } from '../../../domain/plotPlans';
import type { Permit, WorkOrder } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { useObservable } from '../../app/useObservable';
import { WorkLocationPicker } from '../plotPlans/WorkLocationPicker';
import { ApprovedTemplatePicker } from '../templates/ApprovedTemplatePicker';
import { ErrorPanel } from './ErrorPanel';
import type { FormioHandle } from './FormioForm';
import { PermitForms, subForms } from './PermitForms';
import { PermitTypePicker } from './PermitTypePicker';
import { definition$, locationMetadata$, workOrders$ } from './permitQueries';
import { useCreateSubmit } from './useCreateSubmit';
import { useDraftAutosave } from './useDraftAutosave';
import { useDraftDoc } from './useDraftDoc';
import { WorkOrderPicker, workOrderFields } from './WorkOrderPicker';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: '72px' },
  footer: {
    position: 'sticky', bottom: 0, display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1, borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

const EVERYTHING_EDITABLE = () => true;

function workOrderIn(workOrders: readonly WorkOrder[], content: Record<string, unknown> | undefined): WorkOrder | undefined {
  const numbers = Object.values(content ?? {}).map((v) => (v as { workOrderNumber?: unknown } | null)?.workOrderNumber);
  return workOrders.find((w) => numbers.includes(w.workOrderNumber));
}

/** /permits/draft/{draftId} (SPEC §2): work location, work order and the permit forms, autosaved, then submitted as permits. */
export function DraftPage() {
  const styles = useStyles();
  const { draftId = '' } = useParams();
  const carried = useLocation().state as { workOrder?: WorkOrder } | null;
  const db = useReplica();
  const { data } = useAppData();
  const locationId = data.homeLocation?.LocationId ?? null;
  const metadata = useObservable(useMemo(() => locationMetadata$(db, locationId), [db, locationId]), null);
  const definitionId = metadata?.PermitDefinitionId ?? null;
  const definition = useObservable(useMemo(() => definition$(db, definitionId), [db, definitionId]), null);
  const workOrders = useObservable(useMemo(() => workOrders$(db), [db]), []);
  const draft = useDraftDoc(draftId);
  const handles = useRef(new Map<string, FormioHandle>());
  // Starts on Work Location when there is a plot plan, else on Permit; a work order carried in skips to Permit (SPEC §2).
  const [open, setOpen] = useState<string[]>([data.flags.plotPlanEnabled && !carried?.workOrder ? 'location' : 'permit']);
  const [chosenWorkOrder, setWorkOrder] = useState<WorkOrder | undefined>(carried?.workOrder);
  // After a reload without the carried state, the work order the draft's content names.
  const workOrder = chosenWorkOrder ?? workOrderIn(workOrders, draft?.content);
  const autosave = useDraftAutosave(draftId, draft, definitionId);
  const notify = useNotify();
  // Where on the plot plan the work is: kept with the page (drafts carry no position on the server).
  const [position, setPosition] = useState<PlotPlanPosition | null>(null);
  const hasPlotPlan = data.flags.plotPlanEnabled && locationId !== null && plotPlanFor(data.tree, locationId) !== undefined;

  const available = useMemo(() => {
    const initial = metadata?.InitialPermitInstanceMetadata as Partial<Permit['PermitInstanceMetadataJSON']> | undefined;
    if (!definition) return [];
    return subForms(definition, initial?.AvailablePermits ?? []).map((f) => ({ name: f.path, label: f.title }));
  }, [definition, metadata]);
  const content = draft?.content;
  // Keyed by the selection, not the content: a new form list would rebuild the forms at every keystroke.
  const selection = content ? Object.keys(content).join('\n') : '';
  const forms = useMemo(() => (definition ? subForms(definition, selection.split('\n'), true) : []), [definition, selection]);
  const inputs = useMemo(
    () => ({ lists: metadata?.Lists ?? [], groups: (metadata?.InitialPermitInstanceMetadata.UsersOfGroupList ?? []) as Permit['PermitInstanceMetadataJSON']['UsersOfGroupList'], editable: EVERYTHING_EDITABLE }),
    [metadata],
  );
  const { submit, message, errors, busy } = useCreateSubmit({
    draftId, definition, metadata, forms, content: content ?? {}, handles, position, positionRequired: hasPlotPlan, onCreated: autosave.stop,
  });
  // Setting the location closes its panel and opens the next step (SPEC §2): Work order where there is one, else Permit.
  const setWorkLocation = (chosen: PlotPlanPosition) => {
    setPosition(chosen);
    notify('success', messages.plotPlans.locationUpdated);
    setOpen([data.flags.workOrdersEnabled ? 'workorder' : 'permit']);
  };

  const toggleType = (path: string, checked: boolean) => {
    if (!draft) return;
    const next = { ...draft.content };
    if (checked) next[path] = workOrder ? workOrderFields(workOrder) : {};
    else delete next[path];
    draft.setContent(next);
  };
  const chooseWorkOrder = (w: WorkOrder) => {
    setWorkOrder(w);
    if (draft) {
      const next = Object.fromEntries(Object.entries(draft.content).map(([path, v]) => [path, { ...(v as object), ...workOrderFields(w) }]));
      draft.setContent(next);
      for (const [path, handle] of handles.current) handle.merge(next[path] as Record<string, unknown>);
    }
    setOpen(['permit']);
  };
  // An approved template fills the form; a chosen work order's fields stay (issue 14).
  const applyTemplate = (path: string, values: Record<string, unknown>) => {
    if (!draft) return;
    const next = { ...draft.content, [path]: { ...values, ...(workOrder ? workOrderFields(workOrder) : {}) } };
    draft.setContent(next);
    handles.current.get(path)?.merge(next[path] as Record<string, unknown>);
  };
  const onToggle: AccordionToggleEventHandler<string> = (_e, d) => setOpen(d.openItems as string[]);

  if (!draft || !metadata) return <Spinner label="Loading the permit form…" />;
  if (!definition) return <MessageBar intent="error"><MessageBarBody>Server Error: Unfortunately, We are unable to load Permit Defination. Please try to refresh page.</MessageBarBody></MessageBar>;

  return (
    <section className={styles.root}>
      <Title2 as="h1">Create Permit</Title2>
      <Accordion multiple collapsible openItems={open} onToggle={onToggle}>
        {data.flags.plotPlanEnabled && (
          <AccordionItem value="location">
            <AccordionHeader>Work Location</AccordionHeader>
            <AccordionPanel>
              <WorkLocationPicker locationId={locationId} value={position} onSet={setWorkLocation} />
            </AccordionPanel>
          </AccordionItem>
        )}
        {data.flags.workOrdersEnabled && (
          <AccordionItem value="workorder">
            <AccordionHeader>Work order</AccordionHeader>
            <AccordionPanel>
              <WorkOrderPicker key={workOrder?.workOrderNumber ?? ''} workOrders={workOrders} value={workOrder?.workOrderNumber ?? ''} onSelect={chooseWorkOrder} />
            </AccordionPanel>
          </AccordionItem>
        )}
        <AccordionItem value="permit">
          <AccordionHeader>Permit</AccordionHeader>
          <AccordionPanel>
            <PermitTypePicker options={available} selected={forms.map((f) => f.path)} onToggle={toggleType} />
            <ApprovedTemplatePicker locationId={locationId} forms={forms} onApply={applyTemplate} />
            <PermitForms definition={definition} forms={forms} content={draft.content} inputs={inputs} readOnly={!data.abilities.permits.edit} onChange={(path, value) => draft.setContent({ ...draft.content, [path]: value })} handles={handles} />
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      {message && (
        <MessageBar intent="error">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      {errors.length > 0 && <ErrorPanel errors={errors} />}
      <div className={styles.footer}>
        <Button appearance="primary" disabled={busy || !data.abilities.permits.edit} onClick={() => void submit()}>
          Submit
        </Button>
      </div>
    </section>
  );
}
