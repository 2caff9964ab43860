/**
 * MQTT topic layout of the spec (section 7). One retailer's topics all sit under
 * `{prefix}/{retailerId}/`; the broker's ACL, the reference API and the browser build them here.
 */

export interface RetailerTopicScope {
  topicPrefix: string;
  retailerId: number;
}

export function notifyTopic({ topicPrefix, retailerId }: RetailerTopicScope, clientId: string): string {
  return `${topicPrefix}/${retailerId}/${clientId}/notify`;
}

export function clockStatusTopic({ topicPrefix, retailerId }: RetailerTopicScope): string {
  return `${topicPrefix}/${retailerId}/clock/status`;
}

export function designFieldUpdateTopic(
  { topicPrefix, retailerId }: RetailerTopicScope,
  retailerWebsiteId: number,
): string {
  return `${topicPrefix}/${retailerId}/design/field-update/${retailerWebsiteId}`;
}

export function connectedTopic({ topicPrefix, retailerId }: RetailerTopicScope): string {
  return `${topicPrefix}/${retailerId}/connected`;
}

/**
 * A placed order's status, for the one page watching it. `topicId` is derived on the server from
 * the order's watch key, which the broker asks of the page before it lets it subscribe here.
 */
export function orderStatusTopic({ topicPrefix, retailerId }: RetailerTopicScope, topicId: string): string {
  return `${topicPrefix}/${retailerId}/order/${topicId}/status`;
}

/**
 * The kitchen's board of one retailer: "an order was placed or changed", for the operators' console
 * signed in to it. Only that retailer's staff broker login may subscribe; no page may.
 */
export function staffOrdersTopic({ topicPrefix, retailerId }: RetailerTopicScope): string {
  return `${topicPrefix}/${retailerId}/staff/orders`;
}

/** The three topics one storefront visitor listens to. */
export function visitorSubscriptions(scope: RetailerTopicScope, clientId: string, retailerWebsiteId: number): string[] {
  return [notifyTopic(scope, clientId), clockStatusTopic(scope), designFieldUpdateTopic(scope, retailerWebsiteId)];
}
