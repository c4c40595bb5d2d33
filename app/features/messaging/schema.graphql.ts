/**
 * The GraphQL contract of `/api/customer-messaging` (spec part 2 §3 "Messaging" and §7). The server serves it, and
 * the browser's polling and uploads use its operations, named as the spec names them (`query MessagingThreads {
 * messagingThreads … }`); times are ISO 8601 strings.
 */
export const typeDefs = /* GraphQL */ `
  enum MessagingUserType {
    CustomerUser
    HrUser
    ProfessionalUser
  }

  enum ThreadType {
    customer
    hr
    supervisor
  }

  enum SortOrder {
    asc
    desc
  }

  type MessagingUser {
    id: ID!
    type: MessagingUserType!
    firstName: String!
    lastName: String!
    title: String
  }

  type Attachment {
    id: ID!
    fileName: String!
  }

  type QuestionnaireInvitation {
    id: ID!
    title: String!
    answered: Boolean!
  }

  type Message {
    id: ID!
    created: String!
    "Null when the message is deleted."
    content: String
    deleted: Boolean!
    author: MessageAuthor!
    attachments: [Attachment!]!
    questionnaireInvitations: [QuestionnaireInvitation!]!
  }

  "The author as they were when the message was written."
  type MessageAuthor {
    id: ID
    type: MessagingUserType!
    name: String!
    title: String
  }

  type Absence {
    startDate: String!
    endDate: String!
    substitute: MessagingUser
  }

  type Assignment {
    assignee: MessagingUser!
    assignedAt: String!
    absences: [Absence!]!
  }

  type Thread {
    id: ID!
    "The thread's title, or 'Keskustelu' when it has none."
    title: String!
    threadType: ThreadType!
    isActive: Boolean!
    created: String!
    "The read rule of spec part 2 §4, for the asking user."
    isRead: Boolean!
    participants: [MessagingUser!]!
    professionalsWithAccess: [MessagingUser!]!
    assignments: [Assignment!]!
    messages(pagination: Pagination): [Message!]!
  }

  type ThreadSummary {
    id: ID!
    title: String!
    threadType: ThreadType!
    isActive: Boolean!
    created: String!
    isRead: Boolean!
    "The latest message only."
    messages: [Message!]!
  }

  type PaginatedThreads {
    totalCount: Int!
    paginatedThreads: [ThreadSummary!]!
  }

  input Pagination {
    limit: Int = 9999
    offset: Int = 0
    sort: SortOrder = desc
  }

  type AttachmentUpload {
    "Give this key back in the message's attachments once the file is PUT to the URL."
    key: String!
    url: String!
    "Headers the PUT must carry (its content type, and the CSRF token when the URL is the portal's own)."
    headers: [Header!]!
  }

  type Header {
    name: String!
    value: String!
  }

  input AttachmentInput {
    key: String!
    fileName: String!
  }

  input MessageInput {
    content: String!
    attachments: [AttachmentInput!] = []
    questionnaireInvitations: [ID!] = []
  }

  type CustomerMessagingInfo {
    active: Boolean!
    heading: String
    description: String
    announcementType: String
    maintenance: Boolean!
  }

  type Query {
    messagingThreads(pagination: Pagination): PaginatedThreads!
    messagingThreadForCustomer(id: ID!, pagination: Pagination): Thread
    attachmentDownloadUrl(id: ID!): String
    customerMessagingInfo: CustomerMessagingInfo!
  }

  type Mutation {
    createAttachmentUpload(fileName: String!, contentType: String!): AttachmentUpload!
    sendMessageInNewThread(
      title: String
      type: ThreadType!
      participantIds: [ID!]!
      separateThreadPerParticipant: Boolean
      firstMessage: MessageInput!
    ): [String!]!
    sendMessage(threadId: ID!, message: MessageInput!): Message!
    markAsRead(threadId: ID!): Boolean!
    answerQuestionnaire(questionnaireInvitationId: ID!, answers: String!): Boolean!
  }
`;
