// Generated from api/openapi.json by scripts/gen-limits.mjs (make generate): do not edit.
// The maxLength of each text field of each request body of the API, one constant per body.

export const AcceptConsentInputBody = {
  version: 40,
} as const

export const AcceptStaffInputBody = {
  token: 100,
} as const

export const AddMyUnitInputBody = {
  unitId: 64,
} as const

export const ApproveAccountsInputBody = {
  juntaDate: 10,
} as const

export const ApproveBudgetInputBody = {
  juntaDate: 10,
} as const

export const BankAccountBody = {
  bank: 80,
  iban: 50,
  name: 80,
  openingDate: 10,
} as const

export const BulkAnnouncementInputBody = {
  description: 10000,
  title: 200,
} as const

export const BulkProviderInputBody = {
  address: 300,
  description: 2000,
  email: 254,
  name: 120,
  phone: 30,
} as const

export const ChangePasswordInputBody = {
  currentPassword: 200,
  newPassword: 200,
} as const

export const ChooseUnitInputBody = {
  choice: 64,
  door: 10,
  floor: 10,
  unitId: 64,
} as const

export const CloseFacilityDayInputBody = {
  reason: 500,
} as const

export const ClosedYearCorrectionInputBody = {
  note: 400,
  unitId: 64,
} as const

export const CommentWallPostInputBody = {
  body: 2000,
} as const

export const CompensationInputBody = {
  date: 10,
  reason: 140,
} as const

export const ConfirmEmailChangeInputBody = {
  token: 200,
} as const

export const CorrectionInputBody = {
  date: 10,
  note: 140,
} as const

export const CreateAnnouncementInputBody = {
  description: 10000,
  documentUrl: 2048,
  imageUrl: 2048,
  title: 200,
} as const

export const CreateChannelInputBody = {
  description: 500,
  name: 80,
} as const

export const CreateCommunityInputBody = {
  address: 300,
  city: 100,
  country: 100,
  name: 200,
  postalCode: 10,
  province: 100,
  streetName: 100,
  streetNumber: 10,
  streetType: 50,
} as const

export const CreateDocumentCategoryInputBody = {
  name: 60,
} as const

export const CreateEventInputBody = {
  description: 5000,
  location: 200,
  title: 200,
} as const

export const CreateIncidentInputBody = {
  assignedTo: 64,
  description: 5000,
  imageUrl: 2048,
  location: 200,
  title: 200,
} as const

export const CreateOrganisationInputBody = {
  colegiado: 40,
  name: 200,
  nif: 20,
} as const

export const CreateProviderInputBody = {
  address: 300,
  description: 2000,
  email: 254,
  name: 120,
  phone: 30,
} as const

export const CreateRemittanceInputBody = {
  collectionDate: 10,
  dueUpTo: 10,
} as const

export const CreateReservationInputBody = {
  facilityId: 64,
} as const

export const CreateTaskInputBody = {
  assignee: 20,
  description: 5000,
  dueDate: 10,
  incidentId: 64,
  providerId: 64,
  title: 200,
} as const

export const CreateWallPostInputBody = {
  body: 5000,
  eventId: 64,
  imageUrl: 2048,
  kind: 20,
} as const

export const CsvStatementInputBody = {
  content: 16777216,
  fileName: 200,
} as const

export const DelegateJuntaInputBody = {
  delegateUserId: 64,
  idNumber: 20,
  name: 200,
} as const

export const DelegatePollInputBody = {
  delegateId: 64,
} as const

export const DeleteAccountInputBody = {
  password: 200,
} as const

export const DeleteDocumentInputBody = {
  reason: 500,
} as const

export const DepositInputBody = {
  reason: 500,
} as const

export const DepriveUnitInputBody = {
  reason: 500,
} as const

export const DerramaInputBody = {
  concept: 120,
  groupId: 64,
  juntaDate: 10,
} as const

export const DoneInputBody = {
  avatarUrl: 1000,
  displayName: 200,
} as const

export const EditMessageInputBody = {
  content: 20000,
} as const

export const EmailBody = {
  email: 255,
} as const

export const ExpenseInputBody = {
  concept: 120,
  date: 10,
  dueDate: 10,
  groupId: 64,
  incidentId: 64,
  nif: 20,
  providerId: 64,
  providerName: 120,
  reserveJuntaDate: 10,
  taskId: 64,
} as const

export const ExpensePaymentInputBody = {
  accountId: 64,
  date: 10,
} as const

export const FacilityBody = {
  description: 2000,
  name: 100,
  photoUrl: 2048,
  rules: 5000,
} as const

export const GenerateReceiptsInputBody = {
  dueDate: 10,
} as const

export const ImportReturnsInputBody = {
  csv: 1048576,
} as const

export const ImportStatementInputBody = {
  content: 16777216,
  fileName: 200,
} as const

export const ImportUnitsInputBody = {
  csv: 1048576,
} as const

export const InviteInputBody = {
  email: 255,
  unitId: 64,
} as const

export const InviteProcessorInputBody = {
  code: 20,
} as const

export const InviteStaffInputBody = {
  email: 254,
} as const

export const IssueCertificateInputBody = {
  presidentName: 80,
} as const

export const IssueCodeInputBody = {
  unitId: 64,
  userId: 64,
} as const

export const JoinInputBody = {
  code: 16,
  invitation: 100,
} as const

export const JoinStepInputBody = {
  phone: 40,
  relation: 20,
} as const

export const JuntaBody = {
  place: 300,
  presidentId: 64,
  secretaryId: 64,
  videoLink: 500,
} as const

export const LeaveInputBody = {
  communityId: 40,
} as const

export const LoginInputBody = {
  email: 255,
  password: 200,
} as const

export const MaintenanceForm = {
  name: 120,
  notes: 1000,
  provider: 120,
} as const

export const MarkMaintenanceDoneInputBody = {
  note: 1000,
} as const

export const ModifyReservationInputBody = {
  reason: 500,
} as const

export const MoneyGroupBody = {
  method: 20,
  name: 80,
} as const

export const MovementMatch = {
  targetId: 64,
} as const

export const OfficeImportInputBody = {
  csv: 1048576,
} as const

export const PaymentInputBody = {
  date: 10,
  method: 20,
  reference: 140,
} as const

export const PollBody = {
  description: 5000,
  title: 200,
} as const

export const PushSubscribeInputBody = {
  device: 200,
  endpoint: 2048,
} as const

export const RateProviderInputBody = {
  comment: 1000,
} as const

export const ReasonInputBody = {
  reason: 500,
} as const

export const RecordJuntaVoteInputBody = {
  optionId: 64,
  ownerId: 64,
} as const

export const RemoveMessageInputBody = {
  reason: 500,
} as const

export const ReportWallPostInputBody = {
  reason: 500,
} as const

export const RequestCertificateInputBody = {
  juntaDate: 10,
  kind: 20,
  requestedOn: 10,
  unitId: 64,
} as const

export const ResetInputBody = {
  password: 200,
  token: 200,
} as const

export const ReturnDebitInputBody = {
  reason: 4,
} as const

export const ReviewInputBody = {
  note: 1000,
} as const

export const ReviewProviderInputBody = {
  reason: 500,
} as const

export const ReviewReservationInputBody = {
  reason: 500,
} as const

export const RevokeMandateInputBody = {
  reason: 300,
} as const

export const SaveJuntaActaInputBody = {
  text: 50000,
} as const

export const SaveUnitInputBody = {
  building: 40,
  floor: 40,
  unitNumber: 40,
} as const

export const SendInputBody = {
  clientId: 100,
  content: 20000,
  replyTo: 64,
} as const

export const SepaSettings = {
  creditorBic: 11,
  creditorIban: 42,
  creditorId: 35,
} as const

export const SetJuntaAttendanceInputBody = {
  representative: 200,
} as const

export const SignMandateInputBody = {
  bic: 11,
  debtorName: 140,
  iban: 42,
} as const

export const SignUpInputBody = {
  email: 255,
  fullName: 100,
  password: 72,
} as const

export const StartConversationInputBody = {
  userId: 64,
} as const

export const TimeZoneInputBody = {
  timeZone: 64,
} as const

export const TokenInputBody = {
  token: 200,
} as const

export const UnitBody = {
  building: 40,
  coefficient: 12,
  floor: 40,
  name: 40,
  staircase: 40,
} as const

export const UpdateAnnouncementInputBody = {
  description: 10000,
  documentUrl: 2048,
  imageUrl: 2048,
  title: 200,
  validUntil: 40,
} as const

export const UpdateCommunityInputBody = {
  address: 300,
  catastralReference: 40,
  city: 100,
  country: 100,
  name: 200,
  postalCode: 10,
} as const

export const UpdateEventInputBody = {
  description: 5000,
  location: 200,
  title: 200,
} as const

export const UpdateIncidentInputBody = {
  assignedTo: 64,
  description: 5000,
  imageUrl: 2048,
  location: 200,
  title: 200,
} as const

export const UpdateProfileInputBody = {
  avatarUrl: 1000,
  email: 255,
  fullName: 200,
  password: 200,
  phone: 40,
} as const

export const UpdateProviderInputBody = {
  address: 300,
  description: 2000,
  email: 254,
  name: 120,
  phone: 30,
} as const

export const UpdateTaskInputBody = {
  assignee: 20,
  description: 5000,
  dueDate: 10,
  providerId: 64,
  title: 200,
} as const

export const UpdateWallPostInputBody = {
  body: 5000,
  imageUrl: 2048,
} as const

export const VerifyInputBody = {
  code: 40,
  documentKey: 300,
} as const

export const VotePollInputBody = {
  changeKey: 64,
  for: 64,
  optionId: 64,
} as const

export const exportUnitStatementQuery = {
  from: 10,
  to: 10,
} as const

export const findCommunityByAddressQuery = {
  floor: 10,
  municipality: 100,
  number: 10,
  province: 100,
  streetName: 100,
  streetType: 50,
} as const

export const findCommunityByReferenceQuery = {
  reference: 40,
} as const

export const getDirectoryQuery = {
  q: 200,
} as const

export const getUnitStatementQuery = {
  from: 10,
  to: 10,
} as const

export const getUnitStatementPdfQuery = {
  from: 10,
  to: 10,
} as const

export const listAnnouncementsQuery = {
  cursor: 200,
  q: 200,
} as const

export const listAuditQuery = {
  action: 64,
  actor: 64,
  cursor: 200,
} as const

export const listChannelMessagesQuery = {
  before: 64,
} as const

export const listDirectMessagesQuery = {
  before: 64,
} as const

export const listDocumentsQuery = {
  categoryId: 120,
  cursor: 200,
  q: 200,
} as const

export const listEventsQuery = {
  createdBy: 64,
  q: 200,
} as const

export const listIncidentsQuery = {
  assignedTo: 64,
  createdBy: 64,
  cursor: 200,
  q: 200,
} as const

export const listProvidersQuery = {
  q: 200,
} as const

export const listReceiptsQuery = {
  period: 10,
} as const

export const listReservationsQuery = {
  facilityId: 64,
} as const

export const listTasksQuery = {
  cursor: 200,
  q: 200,
} as const

export const listWallPostsQuery = {
  cursor: 200,
} as const

export const searchChannelMessagesQuery = {
  q: 100,
} as const

export const searchDirectMessagesQuery = {
  q: 100,
} as const

export const searchOrganisationQuery = {
  q: 200,
} as const
