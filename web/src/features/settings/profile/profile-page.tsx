import { Camera, MailWarning, Pencil } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { PhoneField } from '@/components/contact-fields'
import { problemMessage } from '@/lib/api/problem'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { uploadFile } from '@/lib/upload'
import type { z } from 'zod'
import { useProfile, type Profile } from '@/lib/profile'
import { useUpdateProfile } from '../api/profile'
import { Detail, ScreenLoading, SettingsScreen } from '@/components/settings-screen'
import { profileSchema, type ProfileValues } from '../lib/profile-schema'
import { profileRoleKey } from '../lib/roles'

/** The avatar types and size the avatars bucket takes. */
const AVATAR_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']
const AVATAR_MAX_BYTES = 5 * 1024 * 1024

function valuesOf(profile: Profile): ProfileValues {
  return {
    fullName: profile.fullName,
    email: profile.pendingEmail ?? profile.email,
    password: '',
    phone: profile.phone ?? '',
    contactVisible: profile.contactVisible,
  }
}

/** /settings/profile: view, then edit the personal data and the avatar. */
export function ProfilePage() {
  const { t } = useTranslation()
  const profile = useProfile()
  return (
    <SettingsScreen title={t('settings.profile.title')} backTo="/settings">
      {profile.isPending ? (
        <ScreenLoading />
      ) : profile.isError ? (
        <p className="text-destructive">{t('settings.errors.profileLoad')}</p>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </SettingsScreen>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const schema = useMemo(() => profileSchema(t), [t])
  const form = useForm<ProfileValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: valuesOf(profile),
  })
  const { errors } = form.formState
  const update = useUpdateProfile()
  const [avatarUrl, setAvatarUrl] = useState<string | null>(profile.avatarUrl)
  const [progress, setProgress] = useState<number | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const changesEmail = (email: string) => email.trim() !== profile.email && email.trim() !== profile.pendingEmail
  // A different email needs the current password (accounts made with Google or Facebook have none).
  const email = useWatch({ control: form.control, name: 'email' })
  const asksPassword = profile.hasPassword && changesEmail(email)

  const cancel = () => {
    form.reset(valuesOf(profile))
    setAvatarUrl(profile.avatarUrl)
    setEditing(false)
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      const emailChanged = changesEmail(values.email)
      update.mutate(
        {
          fullName: values.fullName,
          phone: values.phone,
          contactVisible: values.contactVisible,
          avatarUrl: avatarUrl ?? '',
          ...(emailChanged ? { email: values.email, ...(values.password ? { password: values.password } : {}) } : {}),
        },
        {
          onSuccess: (saved) => {
            toast.success(t('settings.saved'), { description: t('settings.profile.saved') })
            if (emailChanged && saved.pendingEmail) {
              toast.info(t('settings.profile.emailPendingTitle'), {
                description: t('settings.profile.emailPending', { email: saved.pendingEmail }),
              })
            }
            setEditing(false)
          },
          onError: (err) => {
            toast.error(t('common.error'), { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return
    if (!AVATAR_TYPES.includes(file.type)) {
      toast.error(t('common.error'), { description: t('settings.profile.avatarType') })
      return
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t('common.error'), { description: t('settings.profile.avatarTooLarge') })
      return
    }
    try {
      setProgress(0)
      const uploaded = await uploadFile('avatars', file, setProgress)
      setAvatarUrl(uploaded.url)
    } catch (err) {
      toast.error(t('common.error'), { description: problemMessage(err, t) })
    } finally {
      setProgress(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const name = profile.fullName.trim() || t('common.user')
  const busy = update.isPending || progress !== null
  return (
    <Card className="gap-5">
      <CardContent className="flex flex-col items-center gap-3">
        <div className="relative">
          <Avatar src={avatarUrl} name={name} size="lg" className="size-24 text-3xl" />
          {editing && (
            <Button
              type="button"
              size="icon"
              className="absolute -right-1 -bottom-1 size-10 rounded-full"
              disabled={busy}
              aria-label={t('settings.profile.changeAvatar')}
              onClick={() => fileInput.current?.click()}
            >
              <Camera aria-hidden />
            </Button>
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="avatar-input"
            onChange={(e) => void pickAvatar(e.target.files?.[0])}
          />
        </div>
        {progress !== null && (
          <div className="flex w-full max-w-60 flex-col gap-1" role="status">
            <progress className="h-2 w-full accent-primary" max={1} value={progress} />
            <span className="text-center text-xs text-muted-foreground">{t('settings.uploading')}</span>
          </div>
        )}
      </CardContent>
      <CardContent>
        {profile.pendingEmail && (
          <p className="mb-4 flex items-start gap-2 rounded-xl bg-accent p-3 text-sm text-accent-foreground">
            <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('settings.profile.emailPending', { email: profile.pendingEmail })}
          </p>
        )}
        {!editing ? (
          <div className="flex flex-col gap-5">
            <dl className="flex flex-col gap-4">
              <Detail label={t('settings.profile.fullName')}>{profile.fullName || t('common.user')}</Detail>
              <Detail label={t('settings.profile.email')}>{profile.email}</Detail>
              <Detail label={t('settings.profile.phone')}>{profile.phone ?? t('settings.notSet')}</Detail>
              <Detail label={t('settings.profile.contactVisible')}>
                {profile.contactVisible ? t('settings.yes') : t('settings.no')}
              </Detail>
              <Detail label={t('settings.profile.role')}>
                {profile.role ? t(profileRoleKey(profile.role)) : t('settings.notSet')}
              </Detail>
            </dl>
            <Button
              size="lg"
              className="w-full"
              onClick={() => {
                setEditing(true)
              }}
            >
              <Pencil aria-hidden />
              {t('settings.edit')}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
            <FormField id="profile-name" label={t('settings.profile.fullName')} error={errors.fullName?.message}>
              {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" />}
            </FormField>
            <FormField
              id="profile-email"
              label={t('settings.profile.email')}
              error={errors.email?.message}
              hint={t('settings.profile.emailHint')}
            >
              {(control) => (
                <Input {...control} {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
              )}
            </FormField>
            {asksPassword && (
              <FormField
                id="profile-password"
                label={t('settings.profile.currentPassword')}
                hint={t('settings.profile.passwordForEmail')}
              >
                {(control) => (
                  <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" required />
                )}
              </FormField>
            )}
            <PhoneField
              id="profile-phone"
              label={t('settings.profile.phone')}
              field={form.register('phone')}
              error={errors.phone?.message}
            />
            <Controller
              control={form.control}
              name="contactVisible"
              render={({ field }) => (
                <div className="flex items-start justify-between gap-4">
                  <div className="flex min-w-0 flex-col gap-1">
                    <Label htmlFor="profile-contact-visible">{t('settings.profile.contactVisible')}</Label>
                    <p id="profile-contact-visible-hint" className="text-xs text-muted-foreground">
                      {t('settings.profile.contactVisibleHint')}
                    </p>
                  </div>
                  <Switch
                    id="profile-contact-visible"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    aria-describedby="profile-contact-visible-hint"
                  />
                </div>
              )}
            />
            <Detail label={t('settings.profile.role')}>
              {profile.role ? t(profileRoleKey(profile.role)) : t('settings.notSet')}
            </Detail>
            <div className="grid grid-cols-2 gap-2">
              <Button type="button" variant="outline" size="lg" disabled={busy} onClick={cancel}>
                {t('settings.cancel')}
              </Button>
              <SubmitButton size="lg" disabled={busy} pending={update.isPending}>
                {update.isPending ? t('settings.saving') : t('settings.save')}
              </SubmitButton>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
