import { FileCheck2, LoaderCircle, ShieldCheck, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { IconNote } from '@/components/icon-note'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useProfile } from '@/lib/profile'
import { uploadFile } from '@/lib/upload'
import { useSetStep, useVerify, type VerifyInput } from '../api/onboarding'
import { Tabs } from '../components/tabs'
import { WizardLayout } from '../components/wizard-layout'
import { documentError } from './document-validation'

type Method = VerifyInput['method']

/** /verify: level 1 automatically, level 2 by a document (reviewed in 24-48 h) or an admin's code. */
export function VerifyPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [method, setMethod] = useState<Method>('auto')
  const verify = useVerify()
  const setStep = useSetStep()
  // Someone who finished the wizard comes here from /settings/my-community to ask for level 2.
  const finished = useProfile().data?.onboardingCompleted === true
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const fail = (message: string) => {
    setError(message)
    toast.error(t('common.validationError'), { description: message })
  }

  const send = (body: VerifyInput) => {
    verify.mutate(body, {
      onSuccess: (result) => {
        if (body.method === 'document') toast.success(t('onboarding.verify.documentSent'))
        else if (result.level >= 2) toast.success(t('onboarding.verify.verified'))
        void navigate(finished ? '/settings/my-community' : '/done')
      },
      onError: (err) => {
        toast.error(t('onboarding.errors.continueFailed'), { description: problemMessage(err, t) })
      },
    })
  }

  const submit = async () => {
    setError(null)
    if (method === 'auto') {
      send({ method: 'auto' })
      return
    }
    if (method === 'code') {
      const trimmed = code.replace(/\s+/g, '')
      if (trimmed.length < 6) {
        fail(t('onboarding.verify.codeTooShort'))
        return
      }
      send({ method: 'code', code: trimmed })
      return
    }
    const problem = documentError(file)
    if (problem || !file) {
      fail(t(`onboarding.verify.${problem ?? 'documentRequired'}`))
      return
    }
    try {
      setProgress(0)
      const uploaded = await uploadFile('verification-documents', file, setProgress)
      send({ method: 'document', documentKey: uploaded.key })
    } catch (err) {
      toast.error(t('onboarding.errors.continueFailed'), { description: problemMessage(err, t) })
    } finally {
      setProgress(null)
    }
  }

  const busy = verify.isPending || progress !== null
  return (
    <WizardLayout
      step={4}
      onBack={() => {
        if (finished) {
          void navigate('/settings/my-community')
          return
        }
        setStep.mutate('choose-unit')
        void navigate('/choose-unit')
      }}
      title={t('onboarding.verify.title')}
      description={t('onboarding.verify.subtitle')}
    >
      <Tabs<Method>
        label={t('onboarding.verify.how')}
        value={method}
        onChange={(next) => {
          setMethod(next)
          setError(null)
        }}
        tabs={[
          { id: 'auto', label: t('onboarding.verify.auto') },
          { id: 'document', label: t('onboarding.verify.document') },
          { id: 'code', label: t('onboarding.verify.code') },
        ]}
      >
        {method === 'auto' && (
          <IconNote
            icon={ShieldCheck}
            title={t('onboarding.verify.autoTitle')}
            hint={t('onboarding.verify.autoHint')}
            className="rounded-2xl border bg-card p-4"
          />
        )}
        {method === 'document' && (
          <div className="flex flex-col gap-3">
            <IconNote
              icon={FileCheck2}
              title={t('onboarding.verify.documentTitle')}
              hint={t('onboarding.verify.documentHint')}
              className="rounded-2xl border bg-card p-4"
            />
            <input
              ref={fileInput}
              id="verify-document"
              type="file"
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              className="sr-only"
              aria-describedby={error ? 'verify-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                setError(null)
              }}
            />
            <Button
              type="button"
              variant="outline"
              className="w-full min-w-0"
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden />
              <span className="truncate">{file ? file.name : t('onboarding.verify.attach')}</span>
            </Button>
            <label htmlFor="verify-document" className="sr-only">
              {t('onboarding.verify.attach')}
            </label>
            {progress !== null && (
              <div className="flex flex-col gap-1" role="status">
                <progress className="h-2 w-full accent-primary" max={1} value={progress} />
                <span className="text-xs text-muted-foreground">{t('onboarding.verify.uploading')}</span>
              </div>
            )}
          </div>
        )}
        {method === 'code' && (
          <FormField id="verify-code" label={t('onboarding.verify.codeLabel')} hint={t('onboarding.verify.codeHint')}>
            {(control) => (
              <Input
                {...control}
                value={code}
                autoCapitalize="characters"
                autoComplete="one-time-code"
                maxLength={40}
                className="font-mono uppercase"
                onChange={(e) => {
                  setCode(e.target.value)
                }}
              />
            )}
          </FormField>
        )}
      </Tabs>
      {error && (
        <p id="verify-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button size="lg" className="w-full" disabled={busy} aria-busy={busy} onClick={() => void submit()}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        {method === 'auto' ? t('onboarding.verify.autoSubmit') : t('onboarding.verify.submit')}
      </Button>
    </WizardLayout>
  )
}
