import { Alert, Container, Loader, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "../../app/guards.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { ProgressSteps } from "../../components/progress-steps.tsx";
import {
  CopyAdjustForm,
  CopyOffersPicker,
  CopySourceList,
  CopyStationsReview,
  useEventSummaries,
} from "../../features/events/index.ts";
import { COPY_STEPS, useCopyWizard } from "./copy-event/use-copy-wizard.ts";

/**
 * /my-pages/events/copy (spec 02 §2): choose an event → adjust it → review the moved stations → choose the
 * groups to ask again; the last step saves the copy as an unconfirmed event and goes to the events list.
 */
export default function CopyEventPage() {
  return (
    <RequireAuth>
      <Container size="md" py="lg">
        <CopyHeader />
        <CopyWizard />
      </Container>
    </RequireAuth>
  );
}

function CopyHeader() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title="events.copy.title"
      crumbs={[{ label: "myPages.events.title", to: "/my-pages/events" }]}
      intro={t("events.copy.intro")}
    />
  );
}

function CopyWizard() {
  const { t } = useTranslation();
  const w = useCopyWizard();
  const summaries = useEventSummaries();
  const source = w.source.data;
  const loading = <Loader role="status" aria-label={t("common.loading")} />;

  // A new step replaces the button that led to it: its heading takes the focus, so a screen reader says
  // where the user now is and the keyboard goes on from there (not on the page's first showing).
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(w.step);
  useEffect(() => {
    if (shownStep.current === w.step) return;
    shownStep.current = w.step;
    heading.current?.focus({ preventScroll: true });
  }, [w.step]);

  const content = () => {
    if (w.step === 0) {
      if (summaries.isPending) return loading;
      if (summaries.isError)
        return (
          <Alert color="red" role="alert">
            {t("events.hub.loadError")}
          </Alert>
        );
      return <CopySourceList events={summaries.data} chosen={w.sourceId} onChoose={w.choose} />;
    }
    if (w.source.isError)
      return (
        <Alert color="red" role="alert">
          {t("events.copy.loadError")}
        </Alert>
      );
    if (!source || !w.ready) return loading;
    if (w.step === 1)
      return (
        <CopyAdjustForm
          form={w.form}
          sourceName={source.name}
          formRef={w.adjustRef}
          // The alert goes with the last marked field: typing clears a field's mark.
          error={Object.keys(w.form.errors).length ? w.adjustError : null}
          onBack={() => w.go(0)}
          onNext={w.next}
        />
      );
    if (w.step === 2)
      return <CopyStationsReview source={source} date={w.form.values.date} onBack={() => w.go(1)} onNext={() => w.go(3)} />;
    if (w.offers.isError)
      return (
        <Alert color="red" role="alert">
          {t("events.copy.staff.loadError")}
        </Alert>
      );
    if (w.offers.isPending) return loading;
    return (
      <CopyOffersPicker
        source={source}
        offers={w.accepted}
        date={w.form.values.date}
        skipped={w.skipped}
        onToggle={w.toggle}
        errors={w.offerErrors}
        error={w.saveError}
        saving={w.saving}
        formRef={w.staffRef}
        onBack={() => w.go(2)}
        onSave={() => void w.save()}
      />
    );
  };

  return (
    <>
      <ProgressSteps steps={COPY_STEPS} active={w.step} onStepClick={(i) => w.go(i)} />
      <Title order={2} size="h3" mb="md" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
        {t(COPY_STEPS[w.step])}
      </Title>
      {content()}
      <ConfirmModal
        opened={w.askSameName}
        onClose={w.closeSameName}
        title={t("events.copy.sameName.title")}
        confirmLabel={t("events.copy.sameName.confirm")}
        onConfirm={() => w.save(true)}
      >
        {t("events.copy.sameName.text", { name: source?.name ?? "" })}
      </ConfirmModal>
    </>
  );
}
