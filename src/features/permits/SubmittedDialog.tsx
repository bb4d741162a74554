import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';

/** Where Exit Permit goes: the open permits list (SPEC §4). */
const OPEN_PERMITS = '/permits/list?state=PRE-APPROVAL,PENDING,APPROVED,CLOSING,TIMEOUT';

interface Props {
  open: boolean;
  created: boolean;
  /** The permit's state when it changed with the submit, else null. */
  newState: string | null;
  onContinue(): void;
  /** Opens the print dialog; absent when the user may not print the permit in its new state (SPEC §4, §6), and so is Print Permit. */
  onPrint?: () => void;
}

/** After a submit (SPEC §4): created or updated, the new state if it changed, and where to go next. */
export function SubmittedDialog({ open, created, newState, onContinue, onPrint }: Props) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onContinue()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{created ? 'Permit has been created' : 'Permit has been updated'}</DialogTitle>
          <DialogContent>{newState && <Body1>{`New state: ${newState}`}</Body1>}</DialogContent>
          <DialogActions>
            <Button onClick={onContinue}>Continue Editing</Button>
            {onPrint && <Button onClick={onPrint}>Print Permit</Button>}
            <Button appearance="primary" onClick={() => navigate(OPEN_PERMITS)}>
              Exit Permit
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
