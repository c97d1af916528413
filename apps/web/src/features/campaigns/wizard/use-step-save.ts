/**
 * The save of one wizard step (docs/product.md#the-campaign-wizard): a step with errors that keep it
 * from being sent says so; otherwise the preparation runs (an upload), the
 * patch is saved from the version the values are based on, and the wizard
 * goes on to the next step, or stays with the step's errors shown. What the
 * server refused for a field shows beside it; a refusal because the campaign
 * changed meanwhile or can no longer be edited is an alert about the step.
 */
import {
  campaignFamily,
  type CampaignStep,
  type TCampaign,
  type TCampaignContent,
  type TCampaignContentPatch,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, technicalLine } from '../../../shared/api/api-error';
import { translateServerMessage } from '../../../shared/api/error-text';
import { paths } from '../../../shared/paths';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useSaveCampaign } from '../api/save-campaign';
import { fieldErrorText, isStepMessage } from './field-errors';
import { errorsAfter, saveValidation, stepAfterSave, type SaveContext } from './wizard-logic';

export interface StepSaveOptions {
  envelope: TCampaignEnvelope;
  step: CampaignStep;
  /** The version the values are based on. */
  baseVersion: number;
  /** What a save sends, and the content it makes. */
  patch: TCampaignContentPatch;
  content: TCampaignContent;
  context: SaveContext;
  /** The values may not be sent (errors the server would refuse the request for). */
  unsendable: boolean;
  /** Runs before the step is saved (useStepForm's beforeSave). */
  beforeSave: (() => Promise<number | false | undefined>) | undefined;
  /** The stored campaign after a save: the form's new values. */
  reload: (stored: TCampaign) => void;
  /** Shows a text beside the field at a path. */
  setFieldError: (path: string, error: ReactNode) => void;
  /** Read by the navigation blocker: cleared before the wizard moves on. */
  dirtyRef: RefObject<boolean>;
  merchantLevel: number;
  /** The step's alerts are about the step: a save's answer replaces what they said before. */
  alertScope: string;
}

export function useStepSave({
  envelope,
  step,
  baseVersion,
  patch,
  content,
  context,
  unsendable,
  beforeSave,
  reload,
  setFieldError,
  dirtyRef,
  merchantLevel,
  alertScope,
}: StepSaveOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { campaign, state } = envelope;
  const save = useSaveCampaign();
  const [attempted, setAttempted] = useState(false);
  const [preparing, setPreparing] = useState(false);
  // Counts the saves that left the step with errors: each brings the first invalid field into view.
  const [errorsShown, setErrorsShown] = useState(0);
  const showErrors = () => setErrorsShown((count) => count + 1);

  /**
   * A refusal that names a field shows beside it; one that names an entry of
   * a list of values (`coparticipation_targets.2`) beside the list's input.
   */
  const showRefusal = (error: ApiError) => {
    for (const { field, message } of error.fieldErrors) {
      setFieldError(
        field.replace(/\.\d+$/, ''),
        isStepMessage(message)
          ? fieldErrorText(t, { step, fld: field, message }, content)
          : translateServerMessage(t, message, field),
      );
    }
  };

  const onRefused = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.status !== 409) {
      showRefusal(error);
      if (error.field) showErrors();
      return;
    }
    notifyError(
      error.serverMessage === 'campaign_changed'
        ? t('errors.server.campaign_changed')
        : t('campaigns.wizard.notEditableAlert'),
      {
        scope: alertScope,
        technical: technicalLine(t, error),
        ...(error.requestId ? { requestId: error.requestId } : {}),
      },
    );
  };

  const submit = async () => {
    setAttempted(true);
    if (unsendable) {
      notifyError(t('campaigns.wizard.fixErrorsFirst'), { scope: alertScope });
      showErrors();
      return;
    }
    let version = baseVersion;
    if (beforeSave) {
      setPreparing(true);
      const prepared = await beforeSave().finally(() => setPreparing(false));
      if (prepared === false) return;
      // The preparation's own change (an uploaded image) is the editor's, not someone else's.
      if (typeof prepared === 'number') version = prepared;
    }
    const validation = saveValidation(step, errorsAfter(campaign, patch, context));
    const submittedBefore = state.submitted;
    save.mutate(
      { ident: campaign.uuid, patch, validate: validation, version, alertScope },
      {
        onSuccess: (saved) => {
          reload(saved.campaign);
          const target = stepAfterSave(step, submittedBefore, saved.state.errors, merchantLevel);
          if (!target) {
            notifyInfo(t('campaigns.wizard.savedWithErrors'), { scope: alertScope });
            showErrors();
            return;
          }
          notifySuccess(t('campaigns.wizard.saved'), { scope: alertScope });
          dirtyRef.current = false;
          void navigate(
            paths.campaigns.step(
              { merchantIdent: saved.merchant.uuid, campaignIdent: saved.campaign.uuid },
              campaignFamily(saved.campaign.type),
              target,
            ),
          );
        },
        onError: onRefused,
      },
    );
  };

  return {
    submit: () => void submit(),
    saving: save.isPending || preparing,
    /** A save was tried: every field shows its error. */
    attempted,
    errorsShown,
  };
}
