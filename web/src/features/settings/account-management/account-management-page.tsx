import { Download, KeyRound, LogOut, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { SubmitButton } from '@/components/submit-button'
import { Button, type ButtonProps } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/components/ui/toast'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { problemMessage } from '@/lib/api/problem'
import { formatDateTime } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { MIN_PASSWORD_STRENGTH, passwordStrength } from '@/lib/password-strength'
import { useProfile } from '@/lib/profile'
import { SIGNED_OUT_STATE, useSignOut } from '@/lib/session'
import { useChangePassword, useDeleteAccount } from '../api/account'
import { useConsent, useDownloadMyData } from '../api/privacy'
import { SettingsScreen } from '@/components/settings-screen'

/** /settings/account-management: change the password, sign out, download my data, delete the account. */
export function AccountManagementPage() {
  const { t } = useTranslation()
  const { signOut, pending: signingOut } = useSignOut()
  const [passwordOpen, setPasswordOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)

  return (
    <SettingsScreen title={t('settings.account.title')} backTo="/settings">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>{t('settings.account.security')}</CardTitle>
          <CardDescription>{t('settings.account.securityHint')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => {
              setPasswordOpen(true)
            }}
          >
            <KeyRound aria-hidden />
            {t('settings.account.changePassword')}
          </Button>
          <Button
            variant="ghost"
            size="lg"
            className="w-full border"
            disabled={signingOut}
            onClick={() => {
              signOut()
            }}
          >
            <LogOut aria-hidden />
            {t('settings.home.logout')}
          </Button>
        </CardContent>
      </Card>

      <MyDataCard />

      <Card className="gap-4 border-destructive/40">
        <CardHeader>
          <CardTitle className="text-destructive">{t('settings.account.danger')}</CardTitle>
          <CardDescription>{t('settings.account.deleteHint')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="destructive"
            size="lg"
            className="w-full"
            onClick={() => {
              setDeleteOpen(true)
            }}
          >
            <Trash2 aria-hidden />
            {t('settings.account.delete')}
          </Button>
        </CardContent>
      </Card>

      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </SettingsScreen>
  )
}

function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const strong = passwordStrength(next) >= MIN_PASSWORD_STRENGTH
  const matches = next === confirm
  const mismatch = confirm !== '' && !matches
  const ready = current !== '' && next !== '' && strong && matches

  const close = (value: boolean) => {
    if (!value) {
      setCurrent('')
      setNext('')
      setConfirm('')
    }
    onOpenChange(value)
  }

  const submit = () => {
    if (!matches) {
      toast.error(t('common.error'), { description: t('settings.account.mismatch') })
      return
    }
    if (!strong) {
      toast.error(t('settings.account.weakTitle'), { description: t('settings.account.weak') })
      return
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toast.success(t('settings.account.passwordUpdated'))
          close(false)
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <AccountDialog
      open={open}
      onOpenChange={close}
      title={t('settings.account.changePassword')}
      description={t('settings.account.changePasswordHint')}
      onSubmit={submit}
      pending={change.isPending}
      disabled={!ready}
      submitLabel={change.isPending ? t('settings.account.updating') : t('settings.account.update')}
    >
      <PasswordField id="password-current" label={t('settings.account.currentPassword')} value={current} onChange={setCurrent} />
      <PasswordField id="password-new" label={t('settings.account.newPassword')} value={next} onChange={setNext} isNew />
      {next !== '' && <PasswordStrengthMeter password={next} />}
      <PasswordField
        id="password-confirm"
        label={t('settings.account.confirmPassword')}
        value={confirm}
        onChange={setConfirm}
        isNew
        error={mismatch ? t('settings.account.mismatch') : undefined}
      />
    </AccountDialog>
  )
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useProfile()
  const remove = useDeleteAccount(() => {
    onOpenChange(false)
    // Said on the sign-in screen, once it is there (its code may still be loading on a slow phone).
    void Promise.resolve(navigate('/login', { replace: true, state: SIGNED_OUT_STATE })).then(() => {
      toast.success(t('settings.account.deleted'), { description: t('settings.account.deletedHint') })
    })
  })
  const [password, setPassword] = useState('')
  const needsPassword = profile.data?.hasPassword ?? true

  const submit = () => {
    remove.mutate(needsPassword ? password : undefined, {
      onError: (err) => {
        toast.error(t('settings.account.deleteFailed'), { description: problemMessage(err, t) })
      },
    })
  }

  return (
    <AccountDialog
      role="alertdialog"
      open={open}
      onOpenChange={(value) => {
        if (!value) setPassword('')
        onOpenChange(value)
      }}
      title={t('settings.account.delete')}
      description={t('settings.account.deleteConfirm')}
      onSubmit={submit}
      // Cancelar closes without clearing the password; Escape and ✕ clear it.
      onCancel={() => {
        onOpenChange(false)
      }}
      pending={remove.isPending}
      disabled={needsPassword && password === ''}
      submitVariant="destructive"
      submitLabel={remove.isPending ? t('settings.account.deleting') : t('settings.account.deleteSubmit')}
    >
      {needsPassword && (
        <PasswordField id="delete-password" label={t('settings.account.currentPassword')} value={password} onChange={setPassword} />
      )}
    </AccountDialog>
  )
}

interface AccountDialogProps {
  /** 'alertdialog' for what cannot be undone. */
  role?: 'dialog' | 'alertdialog'
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  onSubmit: () => void
  /** Cancelar; closes the dialog unless given. */
  onCancel?: () => void
  pending: boolean
  disabled: boolean
  submitVariant?: ButtonProps['variant']
  submitLabel: string
  /** The form's fields. */
  children: ReactNode
}

/** A dialog holding a short form, with Cancelar and the submit button. */
function AccountDialog({ role = 'dialog', open, onOpenChange, title, description, children, ...form }: AccountDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role={role}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            form.onSubmit()
          }}
        >
          {children}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                if (form.onCancel) form.onCancel()
                else onOpenChange(false)
              }}
            >
              {t('settings.cancel')}
            </Button>
            <SubmitButton variant={form.submitVariant} pending={form.pending} disabled={form.disabled}>
              {form.submitLabel}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

interface PasswordFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** A password being chosen, which the browser may offer to generate, rather than the current one. */
  isNew?: boolean
  error?: string
}

/** A password box with its label; autoComplete tells password managers which password it wants. */
function PasswordField({ id, label, value, onChange, isNew = false, error }: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <PasswordInput
          {...control}
          value={value}
          autoComplete={isNew ? 'new-password' : 'current-password'}
          onChange={(e) => {
            onChange(e.target.value)
          }}
        />
      )}
    </FormField>
  )
}

/** 'Tus datos': the ZIP of everything stored about me (RGPD arts. 15 and 20) and my acceptances of the terms. */
function MyDataCard() {
  const { t, i18n } = useTranslation()
  const download = useDownloadMyData()
  const consent = useConsent()
  const records = consent.data?.records ?? []

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{t('settings.account.data.title')}</CardTitle>
        <CardDescription>{t('settings.account.data.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          disabled={download.isPending}
          onClick={() => {
            download.mutate(undefined, {
              onSuccess: () => toast.success(t('settings.account.data.downloaded')),
              onError: (err) => {
                toast.error(t('common.error'), { description: problemMessage(err, t) })
              },
            })
          }}
        >
          <Download aria-hidden />
          {download.isPending ? t('settings.account.data.downloading') : t('settings.account.data.download')}
        </Button>
        <section aria-labelledby="consent-title" className="flex flex-col gap-1 text-sm">
          <h3 id="consent-title" className="font-medium">
            {t('settings.account.data.consentTitle')}
          </h3>
          {consent.isPending && <p className="text-muted-foreground">{t('common.loading')}</p>}
          {consent.isError && <p className="text-destructive">{t('settings.account.data.consentError')}</p>}
          {consent.data && (
            <>
              <p className="text-muted-foreground">{t('settings.account.data.consentCurrent', { version: consent.data.current })}</p>
              {records.length === 0 ? (
                <p>{t('settings.account.data.consentNone')}</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {records.map((r) => (
                    <li key={r.version}>
                      {t('settings.account.data.consentRecord', {
                        version: r.version,
                        date: formatDateTime(r.acceptedAt, i18n.language),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </CardContent>
    </Card>
  )
}
