import { KeyRound, LoaderCircle, LogOut, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/components/ui/toast'
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter'
import { problemMessage } from '@/lib/api/problem'
import { MIN_PASSWORD_STRENGTH, passwordStrength } from '@/lib/password-strength'
import { SIGNED_OUT_STATE, useLogout } from '@/lib/session'
import { useChangePassword, useDeleteAccount } from '../api/account'
import { useProfile } from '../api/profile'
import { SettingsScreen } from '../components/settings-screen'

/** /settings/account-management: change the password, sign out, delete the account. */
export function AccountManagementPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useLogout()
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
            disabled={logout.isPending}
            onClick={() => {
              logout.mutate(undefined, {
                onSuccess: () => {
                  toast.success(t('settings.home.loggedOut'))
                  void navigate('/login', { replace: true, state: SIGNED_OUT_STATE })
                },
                onError: (err) => {
                  toast.error(t('common.error'), { description: problemMessage(err, t) })
                },
              })
            }}
          >
            <LogOut aria-hidden />
            {t('settings.home.logout')}
          </Button>
        </CardContent>
      </Card>

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
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('settings.account.changePassword')}</DialogTitle>
          <DialogDescription>{t('settings.account.changePasswordHint')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <FormField id="password-current" label={t('settings.account.currentPassword')}>
            {(control) => (
              <PasswordInput
                {...control}
                value={current}
                autoComplete="current-password"
                onChange={(e) => {
                  setCurrent(e.target.value)
                }}
              />
            )}
          </FormField>
          <FormField id="password-new" label={t('settings.account.newPassword')}>
            {(control) => (
              <PasswordInput
                {...control}
                value={next}
                autoComplete="new-password"
                onChange={(e) => {
                  setNext(e.target.value)
                }}
              />
            )}
          </FormField>
          {next !== '' && <PasswordStrengthMeter password={next} />}
          <FormField
            id="password-confirm"
            label={t('settings.account.confirmPassword')}
            error={mismatch ? t('settings.account.mismatch') : undefined}
          >
            {(control) => (
              <PasswordInput
                {...control}
                value={confirm}
                autoComplete="new-password"
                onChange={(e) => {
                  setConfirm(e.target.value)
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => {
                close(false)
              }}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" disabled={!ready || change.isPending} aria-busy={change.isPending}>
              {change.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {change.isPending ? t('settings.account.updating') : t('settings.account.update')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useProfile()
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const needsPassword = profile.data?.hasPassword ?? true

  const submit = () => {
    remove.mutate(needsPassword ? password : undefined, {
      onSuccess: () => {
        toast.success(t('settings.account.deleted'), { description: t('settings.account.deletedHint') })
        onOpenChange(false)
        void navigate('/login', { replace: true, state: SIGNED_OUT_STATE })
      },
      onError: (err) => {
        toast.error(t('settings.account.deleteFailed'), { description: problemMessage(err, t) })
      },
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        if (!value) setPassword('')
        onOpenChange(value)
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('settings.account.delete')}</DialogTitle>
          <DialogDescription>{t('settings.account.deleteConfirm')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          {needsPassword && (
            <FormField id="delete-password" label={t('settings.account.currentPassword')}>
              {(control) => (
                <PasswordInput
                  {...control}
                  value={password}
                  autoComplete="current-password"
                  onChange={(e) => {
                    setPassword(e.target.value)
                  }}
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => {
                onOpenChange(false)
              }}>
              {t('settings.cancel')}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={remove.isPending || (needsPassword && password === '')}
              aria-busy={remove.isPending}
            >
              {remove.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {remove.isPending ? t('settings.account.deleting') : t('settings.account.deleteSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
